import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getToken } from '../../../../src/api/client'
import InvitationScreen from '../../../../src/features/users/invitation-screen'
import { $session } from '../../../../src/stores/session'
import { createAuthAnswer } from '../../contract/factories'
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
const info = { email: 'nadia@example.com', organization: 'Analytical Engines', expires_at: daysFromNow(6) }

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

test.run()
