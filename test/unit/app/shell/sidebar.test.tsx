import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { Sidebar } from '../../../../src/app/shell/sidebar'
import type { Right } from '../../../../src/contract/rights'
import { $unreachable } from '../../../../src/stores/reach'
import { $session, initialSession } from '../../../../src/stores/session'
import { $presence, $ui, UI_DEFAULTS } from '../../../../src/stores/ui'
import '../../../../src/ui/console-texts'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, waitFor } from '../../features/helpers'

const ALL: Right[] = ['organizations', 'billing', 'access_keys', 'users', 'roles', 'devices', 'tunnels', 'app_ids', 'network', 'traffic']

function open(path: string, rights: Right[] = ALL) {
  const user = createUser({ name: 'Ada Lovelace', rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  return renderAt(
    path,
    <Route path="/app" nest>
      <Sidebar />
    </Route>,
  )
}

const names = (elements: HTMLElement[]) => elements.map((element) => element.textContent)
const groups = (view: ReturnType<typeof open>['view']) =>
  names(Array.from(view.getByRole('navigation', { name: 'Main menu' }).querySelectorAll('button[aria-expanded]')))

let stub: FetchStub | undefined

test.before.each(() => {
  $ui.set({ ...UI_DEFAULTS })
  $presence.set('online')
  stub = stubFetch({ status: 404, body: { message: 'Not here' } })
  $unreachable.set(false)
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const DEMO = [
  'CRM Dashboard',
  'Crypto Dashboard',
  'Contacts',
  'E-mail',
  'Chat',
  'To-do',
  'Calendar',
  'Timeline',
  'User Profile',
  'Photo Gallery',
  'Products',
  'Checkout',
  'Invoice',
  'Tables',
  'Forms',
  'Widgets',
]

test('shows Home and every group to a user with every right', () => {
  const { view } = open('/app/home')
  const menu = view.getByRole('navigation', { name: 'Main menu' })
  assert.equal(names(Array.from(menu.querySelectorAll('li > a, li > button'))), [
    'Home',
    'Account',
    'Organizations',
    'Billing',
    'Access Keys',
    'Audit trail',
    'API reference',
    'User Control',
    'Users',
    'Roles',
    'Inventory',
    'Edge & Devices',
    'Enrollment Keys',
    'Alerts',
    'Webhooks',
    'Connectivity',
    'Tunnels',
    'App Ids',
    'Dashboards',
    'Network',
    'Traffic',
    'Demo pages',
    ...DEMO,
  ])
  assert.ok(view.getByText('Your account'))
})

test('a user without devices sees no Edge & Devices', () => {
  const { view } = open('/app/home', ['tunnels', 'users'])
  fireEvent.click(view.getByRole('button', { name: 'Inventory' }))
  fireEvent.click(view.getByRole('button', { name: 'Connectivity' }))
  assert.is(view.queryByRole('link', { name: 'Edge & Devices' }), null)
  assert.ok(view.getByRole('link', { name: 'Tunnels' }))
})

test('with neither devices, tunnels nor app ids there is no Inventory group', () => {
  const { view } = open('/app/home', ['users', 'network'])
  assert.equal(groups(view).sort(), ['Account', 'Dashboards', 'Demo pages', 'User Control'])
  assert.is(view.queryByRole('button', { name: 'Inventory' }), null)
  assert.equal(names(view.getAllByRole('link', { hidden: true })), ['Home', 'Audit trail', 'API reference', 'Users', 'Network', ...DEMO])
})

test('a user with no rights sees Home and the demo pages only', () => {
  const { view } = open('/app/home', [])
  assert.equal(names(view.getAllByRole('link', { hidden: true })), ['Home', ...DEMO])
  assert.equal(view.queryAllByRole('button', { name: /Account|Inventory|Dashboards|User Control/ }), [])
  assert.equal(groups(view), ['Demo pages'])
})

test('a group opens, a repeat click collapses it, and one is open at a time', () => {
  const { view } = open('/app/home')
  const account = view.getByRole('button', { name: 'Account' })
  const users = view.getByRole('button', { name: 'User Control' })
  assert.is(account.getAttribute('aria-expanded'), 'false')
  assert.is(view.queryByRole('link', { name: 'Billing' }), null)

  fireEvent.click(account)
  assert.is(account.getAttribute('aria-expanded'), 'true')
  assert.ok(view.getByRole('link', { name: 'Billing' }))

  fireEvent.click(users)
  assert.is(account.getAttribute('aria-expanded'), 'false')
  assert.is(users.getAttribute('aria-expanded'), 'true')
  assert.equal($ui.get().subMenuOpen, ['user_control'])

  fireEvent.click(users)
  assert.is(users.getAttribute('aria-expanded'), 'false')
  assert.equal($ui.get().subMenuOpen, [])
})

test('a nested group opens with its parent and collapses back to it', () => {
  const { view } = open('/app/home')
  fireEvent.click(view.getByRole('button', { name: 'Inventory' }))
  const connectivity = view.getByRole('button', { name: 'Connectivity' })
  fireEvent.click(connectivity)
  assert.equal($ui.get().subMenuOpen, ['inventory', 'connectivity'])
  assert.ok(view.getByRole('link', { name: 'App Ids' }))
  fireEvent.click(connectivity)
  assert.equal($ui.get().subMenuOpen, ['inventory'])
  assert.is(view.queryByRole('link', { name: 'App Ids' }), null)
  assert.ok(view.getByRole('link', { name: 'Edge & Devices' }))
})

test('opens the groups holding the page and marks its entry current', () => {
  const { view } = open('/app/app_ids')
  assert.equal($ui.get().subMenuOpen, ['inventory', 'connectivity'])
  const current = view.getByRole('link', { name: 'App Ids' })
  assert.is(current.getAttribute('aria-current'), 'page')
  assert.is(current.getAttribute('href'), '/app/app_ids')
  assert.equal(names(view.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))), ['App Ids'])
})

test('a detail view opens its group without calling the entry the page', () => {
  const { view } = open('/app/users/details')
  assert.equal($ui.get().subMenuOpen, ['user_control'])
  assert.is(view.getByRole('link', { name: 'Users' }).getAttribute('aria-current'), null)
})

test('following a link goes there and opens its group', async () => {
  const { view, history } = open('/app/home')
  assert.is(view.getByRole('link', { name: 'Home' }).getAttribute('aria-current'), 'page')
  fireEvent.click(view.getByRole('button', { name: 'Dashboards' }))
  fireEvent.click(view.getByRole('link', { name: 'Traffic' }))
  await waitFor(() => assert.equal(history, ['/app/home', '/app/traffic']))
  assert.is(view.getByRole('link', { name: 'Traffic' }).getAttribute('aria-current'), 'page')
  assert.equal($ui.get().subMenuOpen, ['dashboards'])
})

test('shows the user and a presence menu that sets the status', async () => {
  const { view } = open('/app/home')
  assert.ok(view.getByText('Ada Lovelace'))
  const button = view.getByRole('button', { name: 'Status: Online' })
  assert.is(button.getAttribute('aria-haspopup'), 'menu')
  fireEvent.click(button)
  const menu = await view.findByRole('menu')
  const items = view.getAllByRole('menuitemradio')
  assert.equal(names(items), ['Online', 'Idle', 'Busy', 'Offline'])
  assert.equal(items.map((item) => item.getAttribute('aria-checked')), ['true', 'false', 'false', 'false'])
  await waitFor(() => assert.is(document.activeElement, items[0]))
  fireEvent.keyDown(menu, { key: 'ArrowDown' })
  fireEvent.keyDown(menu, { key: 'ArrowDown' })
  await waitFor(() => assert.is(document.activeElement?.textContent, 'Busy'))
  fireEvent.click(document.activeElement!)
  assert.is($presence.get(), 'bussy')
  assert.is(view.queryByRole('menu'), null)
  assert.ok(view.getByRole('button', { name: 'Status: Busy' }))
  // The choice is saved on the server; this test waits for it, so nothing of it reaches the next.
  await waitFor(() => assert.equal(stub?.requests.map((request) => request.method), ['PUT']))
})

test('Esc closes the presence menu without a change', async () => {
  const { view } = open('/app/home')
  fireEvent.click(view.getByRole('button', { name: 'Status: Online' }))
  const menu = await view.findByRole('menu')
  await act(async () => {
    fireEvent.keyDown(menu, { key: 'Escape' })
  })
  assert.is(view.queryByRole('menu'), null)
  assert.is($presence.get(), 'online')
  assert.is(document.activeElement, view.getByRole('button', { name: 'Status: Online' }))
})

test('the presence reads Offline while the server cannot be reached, and the chosen one once it answers again', async () => {
  const { view } = open('/app/home')
  assert.ok(view.getByRole('button', { name: 'Status: Online' }))
  act(() => $unreachable.set(true))
  assert.ok(view.getByRole('button', { name: 'Status: Offline' }))
  act(() => $unreachable.set(false))
  assert.ok(view.getByRole('button', { name: 'Status: Online' }))
})

test.run()
