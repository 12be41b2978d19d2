import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
// The panels find the guide and the settings in the screen table.
import '../../../../src/app/screens'
import { closePanel, GUIDE_SEEN_KEY, openGuide, openSettings } from '../../../../src/app/shell/panels/panel-state'
import { Panels } from '../../../../src/app/shell/panels/panels'
import { clearAll, readItem, removeItem, writeItem } from '../../../../src/lib/storage'
import { $notice, closeNotice, notify } from '../../../../src/stores/notices'
import { $session, dispatch, initialSession } from '../../../../src/stores/session'
import '../../../../src/ui/console-texts'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, page, render, nameScreenSheets } from '../../ui/testing'

// Lazy parts and the menu's delay can be slow on a busy machine.
const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 5000 })

/** The stylesheets the page names (src/lib/screen-styles.ts): the settings drawer's has a name. */
test.before(() => nameScreenSheets({ settings: 'settings-TEST1234' }))

test.before.each(() => {
  closePanel()
  closeNotice()
  writeItem(GUIDE_SEEN_KEY, '1')
  const user = createUser()
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  closeNotice()
})

test('shows the guide by itself on the first visit only', async () => {
  removeItem(GUIDE_SEEN_KEY)
  render(<Panels />)
  assert.ok(await page().findByRole('dialog', { name: 'Welcome to Edgeline Console' }))
  fireEvent.click(page().getByRole('button', { name: 'Close the guide' }))
  assert.is(page().queryByRole('dialog'), null)
  cleanup()
  render(<Panels />)
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.is(page().queryByRole('dialog'), null)
})

test('waits for the next visit when a dialog opened before it', async () => {
  removeItem(GUIDE_SEEN_KEY)
  const form = document.createElement('div')
  form.setAttribute('role', 'dialog')
  form.setAttribute('aria-modal', 'true')
  document.body.append(form)
  render(<Panels />)
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.not.ok(page().queryByRole('dialog', { name: 'Welcome to Edgeline Console' }))
  assert.is(readItem(GUIDE_SEEN_KEY), null, 'not marked seen: it shows on the next visit')
  form.remove()
  cleanup()
  render(<Panels />)
  assert.ok(await page().findByRole('dialog', { name: 'Welcome to Edgeline Console' }))
})

test('the guide flag outlives a sign-out', () => {
  clearAll()
  assert.is(readItem(GUIDE_SEEN_KEY), '1')
})

test('loads the settings drawer with its own stylesheet on the first open', async () => {
  const sheet = () => document.head.querySelector('link[rel="stylesheet"][href="/assets/settings-TEST1234.css"]')
  render(<Panels />)
  assert.is(sheet(), null, 'nothing of the drawer before it opens')
  act(openSettings)
  assert.ok(await page().findByRole('dialog', { name: 'Settings' }))
  assert.ok(sheet(), 'its stylesheet is in the page')
})

test('opens the guide again and the settings on demand', async () => {
  render(<Panels />)
  assert.is(page().queryByRole('dialog'), null)
  act(openGuide)
  assert.ok(await page().findByRole('dialog', { name: 'Welcome to Edgeline Console' }))
  act(openSettings)
  assert.ok(await page().findByRole('dialog', { name: 'Settings' }))
  assert.is(page().getAllByRole('dialog').length, 1)
})

test('shows a notice with its icon, urgent ones as alerts, and closes it', () => {
  render(<Panels />)
  act(() => void notify('success', 'Saved'))
  const status = page().getByRole('status')
  assert.is(status.textContent, 'Saved')
  assert.ok(status.querySelector('svg'), 'an icon')
  act(() => void notify('warning', 'Careful'))
  assert.is(page().getByRole('alert').textContent, 'Careful')
  act(() => void notify('error', 'Broken'))
  assert.is(page().getByRole('alert').textContent, 'Broken')
  fireEvent.click(page().getByRole('button', { name: 'Close the message' }))
  assert.is(page().queryByRole('alert'), null)
  assert.is($notice.get(), null)
})

test('a notice hides by itself after its time', async () => {
  render(<Panels />)
  const original = globalThis.setTimeout
  globalThis.setTimeout = ((run: () => void) => original(run, 1)) as typeof setTimeout
  try {
    act(() => void notify('info', 'Quick'))
  } finally {
    globalThis.setTimeout = original
  }
  assert.ok(page().getByRole('status'))
  await act(() => new Promise((resolve) => original(resolve, 20)))
  assert.is(page().queryByRole('status'), null)
})

test('a session message shows as an error notice and leaves the session', () => {
  render(<Panels />)
  act(() => dispatch({ type: 'LOGOUT_FAILURE', message: 'session.notFound' }))
  assert.is(page().getByRole('alert').textContent, 'Information not found!')
  assert.is($session.get().message, null)
})

test.run()
