import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/app/screens'
import { $palette, $ui } from '../../../../src/stores/ui'
import { cleanup, fireEvent, waitFor } from '../../features/helpers'
import { openShell as open, resize } from './render-shell'

test.before.each(() => {
  resize(1280)
})
test.after.each(() => {
  cleanup()
  $palette.set(false)
})

test('the skip link comes first and focuses the content', () => {
  const { view } = open('/app/users')
  const skip = view.getByRole('link', { name: 'Skip to content' })
  const first = document.body.querySelector('a[href], button')
  assert.is(first, skip)
  fireEvent.click(skip)
  assert.is(document.activeElement, document.getElementById('content'))
  assert.is(document.activeElement?.tagName, 'MAIN')
  assert.ok(view.getByText('the screen'))
})

test('titles the page and the document', async () => {
  const { view } = open('/app/devices')
  assert.is(view.getByRole('heading', { level: 1 }).textContent, 'Edge And Connected Devices')
  await waitFor(() => assert.is(document.title, 'Edge And Connected Devices | Edgeline Console'))
})

test('the breadcrumb links each prefix and ends in plain text', () => {
  const { view } = open('/app/users/details')
  const crumbs = view.getByRole('navigation', { name: 'Breadcrumb' })
  const links = Array.from(crumbs.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')])
  assert.equal(links, [
    ['Home', '/app'],
    ['Users', '/app/users'],
  ])
  const last = crumbs.querySelector('[aria-current="page"]')
  assert.is(last?.tagName, 'SPAN')
  assert.is(last?.textContent, 'Details')
})

test('a move to another screen focuses its heading and says its title; the first screen does neither', async () => {
  const { view } = open('/app/users/details')
  const live = document.querySelector('[aria-live="polite"][aria-atomic="true"]')!
  assert.is(live.textContent, '')
  assert.is.not(document.activeElement?.tagName, 'H1')
  const link = view.getByRole('navigation', { name: 'Breadcrumb' }).querySelector<HTMLAnchorElement>('a[href="/app/users"]')!
  link.focus()
  fireEvent.click(link)
  await waitFor(() => assert.is(view.getByRole('heading', { level: 1 }).textContent, 'Users'))
  await waitFor(() => assert.is(document.activeElement, view.getByRole('heading', { level: 1 })))
  assert.is(live.textContent, 'Users')
})

for (const path of ['/app', '/app/crm-dashboard', '/app/crypto-dashboard']) {
  test(`no breadcrumb on ${path}`, () => {
    const { view } = open(path)
    assert.is(view.queryByRole('navigation', { name: 'Breadcrumb' }), null)
  })
}

test('a loading bar runs 0 to 100 over 2 s, then hides; pageLoaded follows after 500 ms', async () => {
  const { view } = open('/app/users')
  const bar = view.getByRole('progressbar', { name: 'Loading the page' })
  assert.is(bar.getAttribute('aria-valuenow'), '0')
  assert.is($ui.get().pageLoaded, false)
  await waitFor(() => assert.is($ui.get().pageLoaded, true), { timeout: 1000 })
  const now = Number(bar.getAttribute('aria-valuenow'))
  assert.ok(now > 0 && now < 100, `at ${now} after 500 ms`)
  await waitFor(() => assert.is(bar.getAttribute('aria-valuenow'), '100'), { timeout: 4000 })
  await waitFor(() => assert.ok(!document.querySelector('[role="progressbar"]'), 'the bar hides'), { timeout: 2000 })
})

test('the content is at least the window height plus 112 px', async () => {
  open('/app/users')
  const main = document.getElementById('content')!
  await waitFor(() => assert.is(main.style.minBlockSize, `${800 + 112}px`))
  await resize(1280, 600)
  await waitFor(() => assert.is(main.style.minBlockSize, `${600 + 112}px`))
})


test('Ctrl+K or Cmd+K opens the command palette, and Esc closes it and gives the focus back', async () => {
  const { view } = open('/app/users')
  const skip = view.getByRole('link', { name: 'Skip to content' })
  skip.focus()
  assert.is(view.queryByRole('dialog'), null, 'nothing of the palette before the keys')
  fireEvent.keyDown(document, { key: 'k', ctrlKey: true })
  const box = await waitFor(() => view.getByRole('combobox', { name: 'Go to a screen, find a record or run an action' }))
  // The box takes the focus as the palette has drawn, which a busy machine may reach a task later.
  await waitFor(() => assert.ok(document.activeElement === box, 'the box has the focus'))
  fireEvent.keyDown(box, { key: 'Escape' })
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  await waitFor(() => assert.ok(document.activeElement === skip, 'the focus is back on the skip link'))
  // An Arabic layout types another letter on the same key: the key itself counts.
  fireEvent.keyDown(document, { key: 'ن', code: 'KeyK', metaKey: true })
  await waitFor(() => view.getByRole('dialog', { name: 'Command palette' }))
})

test("the header's button opens the command palette too", async () => {
  const { view } = open('/app/users')
  fireEvent.click(view.getByRole('button', { name: 'Open the command palette Ctrl K' }))
  await waitFor(() => view.getByRole('dialog', { name: 'Command palette' }))
})

test('Ctrl with another key, or Ctrl+Shift+K, does not open it', () => {
  const { view } = open('/app/users')
  fireEvent.keyDown(document, { key: 'j', ctrlKey: true })
  fireEvent.keyDown(document, { key: 'K', ctrlKey: true, shiftKey: true })
  fireEvent.keyDown(document, { key: 'k' })
  assert.is($palette.get(), false)
  assert.is(view.queryByRole('dialog'), null)
})

test.run()
