import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { $ui, setLayout } from '../../../../src/stores/ui'
import { act, cleanup, fireEvent, waitFor } from '../../features/helpers'
import { openShell as open, resize } from './render-shell'
import { nameScreenSheets } from '../../ui/testing'

/** The stylesheets the page names (src/lib/screen-styles.ts): the top navigation's has a name. */
test.before(() => nameScreenSheets({ 'top-navigation': 'top-navigation-TEST1234' }))

test.before.each(() => {
  resize(1280)
})
test.after.each(() => cleanup())

test('sidebar: the menu toggle hides and shows the sidebar', () => {
  const { view } = open('/app/users')
  assert.ok(view.getByRole('navigation', { name: 'Main menu' }))
  act(() => $ui.setKey('sidebarOpen', false))
  assert.is(view.queryByRole('navigation', { name: 'Main menu' }), null)
})

test('a layout chosen in the settings loads then, with its own stylesheet', async () => {
  const sheet = () => document.head.querySelector('link[rel="stylesheet"][href="/assets/top-navigation-TEST1234.css"]')
  const { view } = open('/app/users')
  await view.findByRole('navigation', { name: 'Main menu' })
  assert.is(sheet(), null, 'the sidebar needs nothing of the top navigation')
  act(() => setLayout('top-navigation'))
  const bar = await view.findByRole('navigation', { name: 'Main menu' })
  assert.is(bar.closest('aside'), null, 'the bar under the header, not the sidebar')
  assert.ok(sheet(), 'its stylesheet is in the page')
})

test('big-sidebar: the rail opens a group in the panel', async () => {
  const { view, history } = open('/app/home', 'big-sidebar')
  const rail = await view.findByRole('navigation', { name: 'Main menu' })
  const account = view.getByRole('button', { name: 'Account' })
  assert.ok(rail.contains(account))
  assert.is(view.queryByRole('link', { name: 'Billing' }), null)
  fireEvent.click(account)
  assert.is(account.getAttribute('aria-expanded'), 'true')
  const panel = view.getByRole('navigation', { name: 'Account' })
  assert.ok(view.getByRole('heading', { name: 'Account' }))
  fireEvent.click(panel.querySelector('a[href="/app/billing"]')!)
  await waitFor(() => assert.equal(history.at(-1), '/app/billing'))
  assert.is(view.getByRole('link', { name: 'Billing' }).getAttribute('aria-current'), 'page')
})

test('top-navigation: a group opens a dropdown of its links', async () => {
  const { view, history } = open('/app/home', 'top-navigation')
  const bar = await view.findByRole('navigation', { name: 'Main menu' })
  assert.ok(bar.querySelector('a[href="/app/home"]'))
  const inventory = view.getByRole('button', { name: 'Inventory' })
  fireEvent.click(inventory)
  await waitFor(() => assert.is(inventory.getAttribute('aria-expanded'), 'true'))
  assert.ok(view.getByText('Connectivity'))
  fireEvent.click(view.getByRole('link', { name: 'Tunnels' }))
  await waitFor(() => assert.is(history.at(-1), '/app/tunnels'))
  assert.is(inventory.getAttribute('aria-expanded'), 'false')
  assert.is(view.queryByRole('link', { name: 'Tunnels' }), null)
})

test('top-navigation: ArrowDown opens a group at its first link and Esc closes it', async () => {
  const { view } = open('/app/home', 'top-navigation')
  const dashboards = await view.findByRole('button', { name: 'Dashboards' })
  dashboards.focus()
  fireEvent.keyDown(dashboards, { key: 'ArrowDown' })
  await waitFor(() => assert.is(document.activeElement?.textContent, 'Network'))
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
  assert.is(dashboards.getAttribute('aria-expanded'), 'false')
  assert.is(document.activeElement, dashboards)
})

test('mega-menu: a group opens one wide panel in columns with headings', async () => {
  const { view, history } = open('/app/home', 'mega-menu')
  const inventory = await view.findByRole('button', { name: 'Inventory' })
  fireEvent.click(inventory)
  await waitFor(() => assert.ok(view.getByRole('heading', { level: 2, name: 'Connectivity' })))
  assert.equal(
    view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ['Inventory', 'Connectivity'],
  )
  fireEvent.click(view.getByRole('link', { name: 'App Ids' }))
  await waitFor(() => assert.is(history.at(-1), '/app/app_ids'))
})

test('on a small screen the menu is a drawer: opens with the toggle, closes with Esc', async () => {
  const { view } = open('/app/users', 'top-navigation')
  await resize(390)
  const toggle = view.getByRole('button', { name: 'Toggle the menu' })
  assert.is($ui.get().sidebarOpen, false)
  toggle.focus()
  fireEvent.click(toggle)
  const drawer = view.getByRole('dialog', { name: 'Navigation' })
  assert.ok(drawer.classList.length >= 2)
  await waitFor(() => assert.ok(drawer.contains(document.activeElement)))
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
  assert.is($ui.get().sidebarOpen, false)
  assert.is(document.activeElement, toggle)
})

test('the drawer closes with a tap outside and after choosing an entry', async () => {
  const { view, history } = open('/app/users')
  await resize(390)
  act(() => $ui.setKey('sidebarOpen', true))
  fireEvent.click(document.querySelector('[aria-hidden="true"][class*="backdrop"]')!)
  assert.is($ui.get().sidebarOpen, false)
  act(() => $ui.setKey('sidebarOpen', true))
  fireEvent.click(view.getByRole('link', { name: 'Roles' }))
  await waitFor(() => assert.is(history.at(-1), '/app/roles'))
  assert.is($ui.get().sidebarOpen, false)
})

test('a swipe from the start edge opens the drawer and a swipe back closes it', async () => {
  open('/app/users')
  await resize(390)
  const swipe = (from: number, to: number) => {
    fireEvent.touchStart(document, { touches: [{ clientX: from, clientY: 300 }] })
    fireEvent.touchMove(document, { touches: [{ clientX: to, clientY: 305 }] })
    fireEvent.touchEnd(document, { changedTouches: [{ clientX: to, clientY: 305 }] })
  }
  act(() => swipe(200, 300))
  assert.is($ui.get().sidebarOpen, false, 'a swipe away from the edge does nothing')
  act(() => swipe(5, 150))
  assert.is($ui.get().sidebarOpen, true)
  act(() => swipe(200, 60))
  assert.is($ui.get().sidebarOpen, false)
})

test('the desktop sidebar gets its state back when the screen widens', async () => {
  const { view } = open('/app/users')
  await resize(390)
  assert.is($ui.get().sidebarOpen, false)
  await resize(1280)
  assert.is($ui.get().sidebarOpen, true)
  assert.ok(view.getByRole('navigation', { name: 'Main menu' }))
  assert.is(view.queryByRole('dialog', { name: 'Navigation' }), null)
})

test.run()
