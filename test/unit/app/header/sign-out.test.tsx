import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { getToken, setToken } from '../../../../src/api/client'
// The header finds the sign-out dialog in the screen table, as the shell's other parts.
import '../../../../src/app/screens'
import { Header } from '../../../../src/app/shell/header/header'
import { $outbox, type Unsent } from '../../../../src/stores/outbox'
import { sendRevocations } from '../../../../src/stores/revocations'
import { $session, initialSession } from '../../../../src/stores/session'
import '../../../../src/ui/console-texts'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../../features/helpers'

let stub: FetchStub | undefined

/** A write that found no link, waiting in the outbox of the signed-in user. */
const createUnsent = (overrides: Partial<Unsent> = {}): Unsent => ({
  key: 'k-1',
  method: 'PUT',
  path: '/devices/d-1',
  body: { name: 'Renamed' },
  what: { collection: 'devices', name: 'Renamed' },
  scope: 'u-1:o-1',
  state: 'pending',
  at: 1,
  ...overrides,
})

const TWO_UNSENT = [createUnsent(), createUnsent({ key: 'k-2', path: '/devices/d-2', what: { collection: 'devices', name: 'Gate 2' } })]

/** The outbox as a reload finds it: in local storage, and in its store. */
function inOutbox(entries: Unsent[]) {
  localStorage.setItem('console:outbox', JSON.stringify(entries))
  $outbox.set(entries)
}

test.before.each(() => {
  resetSession()
  const user = createUser({ id: 'u-1', name: 'Ada Lovelace' })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  setToken('token-1')
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })
})
test.after.each(async () => {
  cleanup()
  // What a sign-out sends goes to the stub, however late the client loads, and nothing waits for the next test.
  await sendRevocations()
  stub?.restore()
  stub = undefined
  $outbox.set([])
})

const open = () =>
  renderAt(
    '/app/home',
    <Route path="/app" nest>
      <Header />
    </Route>,
  )

const dialog = (view: ReturnType<typeof open>['view']) => view.findByRole('dialog', { name: 'Sign out with unsent changes?' })

test('with two changes unsent, Sign out asks first, naming 2 changes', async () => {
  inOutbox(TWO_UNSENT)
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))

  const asked = await dialog(view)
  assert.match(asked.textContent ?? '', '2 changes have not reached the server yet. Signing out drops them: they will never be sent.')
  assert.ok(view.getByRole('button', { name: 'Sign out anyway' }))
  assert.is(getToken(), 'token-1', 'signed in while it asks')
  assert.is($outbox.get().length, 2)
  assert.equal(history, ['/app/home'])
})

test('Cancel keeps the session and the outbox', async () => {
  inOutbox(TWO_UNSENT)
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))
  await dialog(view)

  fireEvent.click(view.getByRole('button', { name: 'Cancel' }))

  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.is(getToken(), 'token-1')
  assert.is($session.get().loggedIn, true)
  assert.equal($outbox.get(), TWO_UNSENT)
  assert.equal(JSON.parse(localStorage.getItem('console:outbox') ?? '[]'), TWO_UNSENT)
  assert.equal(history, ['/app/home'])
  assert.equal(stub?.requests, [], 'nothing sent')
})

test('Sign out anyway drops the unsent changes with the session and goes to the start page', async () => {
  inOutbox(TWO_UNSENT)
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))
  await dialog(view)

  fireEvent.click(view.getByRole('button', { name: 'Sign out anyway' }))

  await waitFor(() => assert.equal(history, ['/app/home', '/']))
  assert.is(getToken(), null)
  assert.is($session.get().loggedIn, false)
  assert.equal($outbox.get(), [])
  assert.is(localStorage.getItem('console:outbox'), null)
  await waitFor(() => assert.equal(stub?.requests.map(({ method, url }) => `${method} ${url}`), ['POST /api/logout']))
})

test("the avatar menu's Sign out asks too, naming 1 change", async () => {
  inOutbox([createUnsent()])
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Account menu of Ada Lovelace' }))
  fireEvent.click(await view.findByRole('menuitem', { name: 'Sign out' }))

  const asked = await dialog(view)
  assert.match(asked.textContent ?? '', '1 change has not reached the server yet. Signing out drops it: it will never be sent.')
  assert.is(getToken(), 'token-1')
})

test('with nothing unsent (sent and refused are done) Sign out goes at once, with no dialog', async () => {
  inOutbox([createUnsent({ state: 'sent' }), createUnsent({ key: 'k-2', state: 'refused', reason: 'Changed meanwhile' })])
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))

  await waitFor(() => assert.equal(history, ['/app/home', '/']))
  assert.is(view.queryByRole('dialog'), null)
  assert.is(getToken(), null)
  assert.equal($outbox.get(), [])
})

test('the dialog closes, still signed in, once the changes have gone out meanwhile', async () => {
  inOutbox(TWO_UNSENT)
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))
  await dialog(view)

  act(() => $outbox.set(TWO_UNSENT.map((entry) => ({ ...entry, state: 'sent' as const }))))

  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.is(getToken(), 'token-1')
  assert.is($session.get().loggedIn, true)
})

test.run()
