import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import NotFoundScreen from '../../../../src/features/errors/not-found-screen'
import ServerErrorScreen from '../../../../src/features/errors/server-error-screen'
import { $serverDown, $session } from '../../../../src/stores/session'
import { cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'

test.before.each(() => resetSession())
test.after.each(() => cleanup())

test('shows Oops, Page Not Found :( and goes to the dashboard', () => {
  const { view, history } = renderAt('/no/such/page', <NotFoundScreen />)
  assert.ok(view.getByRole('heading', { level: 1, name: 'Oops, Page Not Found :(' }))
  fireEvent.click(view.getByRole('button', { name: 'Go to Dashboard' }))
  assert.equal(history, ['/no/such/page', '/app'])
})

test('shows Sorry, server goes wrong and goes to the dashboard', () => {
  const { view, history } = renderAt('/502', <ServerErrorScreen />)
  assert.ok(view.getByRole('heading', { level: 1, name: 'Sorry, server goes wrong' }))
  fireEvent.click(view.getByRole('button', { name: 'Go to Dashboard' }))
  assert.equal(history, ['/502', '/app'])
  assert.is($session.get().loggedIn, null)
})

test('asks the server again when it was down before going to the dashboard', async () => {
  $serverDown.set(true)
  const { view, history } = renderAt('/app/home', <ServerErrorScreen />)
  fireEvent.click(view.getByRole('button', { name: 'Go to Dashboard' }))
  assert.is($serverDown.get(), false)
  assert.equal(history, ['/app/home', '/app'])
  // Without a stored token syncUser settles the session as signed out.
  await waitFor(() => assert.is($session.get().loggedIn, false))
})

test.run()
