import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getToken, setToken } from '../../../../src/api/client'
import InvitationScreen from '../../../../src/features/users/invitation-screen'
import { $session, initialSession } from '../../../../src/stores/session'
import { createAuthAnswer, createUser } from '../../contract/factories'
import { cleanup, descriptionOf, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { routeFetch, type Handler, type RouteStub } from '../route-stub'
import { daysFromNow } from './factories'

let stub: RouteStub | undefined
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE'
const BAD = 'This invitation is invalid, has expired or was withdrawn'

test.before.each(() => resetSession())
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const open = (routes: Record<string, Handler>, path = `/invitation?token=${TOKEN}`) => {
  stub = routeFetch(routes)
  return renderAt(path, <InvitationScreen />)
}
const info = { email: 'nadia@example.com', organization: 'Analytical Engines', expires_at: daysFromNow(6), account: false }
const forAccount = { ...info, account: true }

/** The console signed in as `email`, with its session token kept. */
const signedInAs = (email: string, token = 'session-own') => {
  setToken(token)
  const user = createUser({ email })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test('says in the server words why a link cannot be used', async () => {
  const { view } = open({ [`GET /invitations/${TOKEN}`]: () => ({ status: 400, body: { message: BAD } }) })
  await waitFor(() => view.getByRole('heading', { name: 'This invitation cannot be used' }))
  assert.ok(view.getByText(BAD))
  assert.is(view.queryByRole('button', { name: 'Join and sign in' }), null)
})

test('says a link without a token holds no invitation, and asks nothing', async () => {
  const { view } = open({}, '/invitation')
  await waitFor(() => view.getByText('This link has no invitation in it.'))
  assert.equal(stub!.requests, [])
})

test('shows the organization and address, checks the form, then signs in and opens the console', async () => {
  const { view, history } = open({
    [`GET /invitations/${TOKEN}`]: () => ({ status: 200, body: info }),
    'POST /invitations/accept': () => ({ status: 200, body: createAuthAnswer({ email: 'nadia@example.com', name: 'Nadia' }, 'session-7') }),
  })
  await waitFor(() => view.getByRole('heading', { name: 'Join Analytical Engines' }))
  assert.ok(view.getByText(/invited as nadia@example.com/))
  fireEvent.change(view.getByLabelText('Full name'), { target: { value: '  Nadia ' } })
  fireEvent.change(view.getByLabelText('Password'), { target: { value: 'nadia@example.com1' } })
  fireEvent.change(view.getByLabelText('Confirm password'), { target: { value: 'something else' } })
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  assert.is(descriptionOf(view.getByLabelText('Password')), 'The password must not contain your e-mail address')
  assert.is(descriptionOf(view.getByLabelText('Confirm password')), 'Passwords dont match')
  assert.equal(stub!.seen('POST /invitations/accept'), [])

  fireEvent.change(view.getByLabelText('Password'), { target: { value: 'Quiet-Harbour-42' } })
  fireEvent.change(view.getByLabelText('Confirm password'), { target: { value: 'Quiet-Harbour-42' } })
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  await waitFor(() => assert.is(history.at(-1), '/app'))
  assert.equal(stub!.seen('POST /invitations/accept')[0]?.body, { token: TOKEN, name: 'Nadia', password: 'Quiet-Harbour-42' })
  assert.is(getToken(), 'session-7')
  assert.is($session.get().loggedIn, true)
  assert.is($session.get().user?.name, 'Nadia')
})

test('keeps the form and shows the refusal of a link spent meanwhile, signed out', async () => {
  const { view, history } = open({
    [`GET /invitations/${TOKEN}`]: () => ({ status: 200, body: info }),
    'POST /invitations/accept': () => ({ status: 400, body: { message: BAD } }),
  })
  await waitFor(() => view.getByRole('heading', { name: 'Join Analytical Engines' }))
  fireEvent.change(view.getByLabelText('Full name'), { target: { value: 'Nadia' } })
  fireEvent.change(view.getByLabelText('Password'), { target: { value: 'Quiet-Harbour-42' } })
  fireEvent.change(view.getByLabelText('Confirm password'), { target: { value: 'Quiet-Harbour-42' } })
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  await waitFor(() => view.getByText(BAD))
  assert.is((view.getByLabelText('Full name') as HTMLInputElement).value, 'Nadia')
  assert.is(getToken(), null)
  assert.not.equal(history.at(-1), '/app')
})

test('an existing account signed in as itself joins with one click, sending its session and no password', async () => {
  signedInAs('nadia@example.com')
  const { view, history } = open({
    [`GET /invitations/${TOKEN}`]: () => ({ status: 200, body: forAccount }),
    'POST /invitations/accept': () => ({ status: 200, body: createAuthAnswer({ email: 'nadia@example.com', name: 'Nadia' }, 'session-own') }),
  })
  await waitFor(() => view.getByText(/nadia@example.com already has an account/))
  assert.ok(view.getByText('You are signed in as nadia@example.com.'))
  assert.is(view.queryByLabelText('Password of your account'), null)
  fireEvent.click(view.getByRole('button', { name: 'Join Analytical Engines' }))
  await waitFor(() => assert.is(history.at(-1), '/app'))
  const [sent] = stub!.seen('POST /invitations/accept')
  assert.equal([sent?.body, sent?.authorization], [{ token: TOKEN }, 'Bearer session-own'])
  assert.is(getToken(), 'session-own')
})

test('an existing account signed out joins with its password, or signs in first and comes back', async () => {
  const { view, history } = open({
    [`GET /invitations/${TOKEN}`]: () => ({ status: 200, body: forAccount }),
    'POST /invitations/accept': (request) =>
      (request.body as { password?: string }).password === 'Quiet-Harbour-42'
        ? { status: 200, body: createAuthAnswer({ email: 'nadia@example.com' }, 'session-8') }
        : { status: 400, body: { message: 'Invalid input', errors: { password: 'The current password is wrong' } } },
  })
  await waitFor(() => view.getByLabelText('Password of your account'))
  assert.is(view.queryByLabelText('Full name'), null, 'nothing of the account is chosen again')
  assert.is(view.getByRole('link', { name: 'Sign in with that account first' }).getAttribute('href'), `/login?next=${encodeURIComponent(`/invitation?token=${TOKEN}`)}`)
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  assert.is(descriptionOf(view.getByLabelText('Password of your account')), 'Required')
  fireEvent.change(view.getByLabelText('Password of your account'), { target: { value: 'wrong-one' } })
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  await waitFor(() => assert.is(descriptionOf(view.getByLabelText('Password of your account')), 'The current password is wrong'))
  assert.is(getToken(), null)
  fireEvent.change(view.getByLabelText('Password of your account'), { target: { value: 'Quiet-Harbour-42' } })
  fireEvent.click(view.getByRole('button', { name: 'Join and sign in' }))
  await waitFor(() => assert.is(history.at(-1), '/app'))
  assert.equal(stub!.seen('POST /invitations/accept').map((request) => request.body), [
    { token: TOKEN, password: 'wrong-one' },
    { token: TOKEN, password: 'Quiet-Harbour-42' },
  ])
  assert.is(getToken(), 'session-8')
})

test("signed in as another account, says so and asks for the invited one's password", async () => {
  signedInAs('someone.else@example.com', 'session-other')
  const { view } = open({ [`GET /invitations/${TOKEN}`]: () => ({ status: 200, body: forAccount }) })
  await waitFor(() => view.getByText(/signed in as someone.else@example.com, another account/))
  assert.ok(view.getByLabelText('Password of your account'))
  assert.is(view.queryByRole('button', { name: 'Join Analytical Engines' }), null)
})

test.run()
