import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import HomeScreen from '../../../../src/features/home/home-screen'
import { $session, initialSession } from '../../../../src/stores/session'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { createUser } from '../../contract/factories'
import { cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'

let stub: FetchStub | undefined

test.before.each(() => {
  resetSession()
  const user = createUser({ name: 'Ada Lovelace', rights: ['devices', 'access_keys'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  setToken('token-1')
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const open = () =>
  renderAt(
    '/app/home',
    <Route path="/app" nest>
      <HomeScreen />
    </Route>,
  )

test('greets the user with the organization and the rights', () => {
  const { view } = open()
  assert.ok(view.getByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }))
  assert.ok(view.getByText('Analytical Engines'))
  assert.equal(
    view.getAllByRole('listitem').map((item) => item.textContent),
    ['Edge & Devices', 'Access keys'],
  )
})

test('says so when the user has no rights', () => {
  $session.setKey('user', createUser({ rights: [] }))
  const { view } = open()
  assert.is(view.queryByRole('list'), null)
  assert.ok(view.getByText(/No rights have been given to you yet/))
})

test('signs out and goes to the start page', async () => {
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => assert.equal(history, ['/app/home', '/']))
  assert.is($session.get().loggedIn, false)
  assert.equal(
    stub.requests.map(({ method, url }) => ({ method, url })),
    [{ method: 'POST', url: '/api/logout' }],
  )
})

test('shows the message and stays when sign-out fails', async () => {
  stub = stubFetch({ status: 500, body: { message: 'Something went wrong on the server' } })
  const { view, history } = open()
  fireEvent.click(view.getByRole('button', { name: 'Sign out' }))
  const alert = await view.findByRole('alert')
  assert.match(alert.textContent ?? '', 'Something went wrong on the server')
  assert.equal(history, ['/app/home'])
  assert.is($session.get().loggedIn, true)
})

test.run()
