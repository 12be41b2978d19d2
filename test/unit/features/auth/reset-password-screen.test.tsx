import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import ResetPasswordScreen from '../../../../src/features/auth/reset-password-screen'
import { $session, RESET_SENT } from '../../../../src/stores/session'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { act, cleanup, descriptionOf, fireEvent, renderAt, resetSession } from '../helpers'

let stub: FetchStub | undefined

test.before.each(() => resetSession())
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const SENT_TEXT = "Reset link has been sent to Your'e email"

const askForLink = (email: string) => {
  const { view } = renderAt('/reset-password', <ResetPasswordScreen />)
  fireEvent.change(view.getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.click(view.getByRole('button', { name: 'Send reset link' }))
  return view
}

test('shows Invalid email and sends nothing for a malformed address', () => {
  stub = stubFetch({ status: 200, body: { message: 'sent' } })
  const view = askForLink('ada@')
  assert.is(descriptionOf(view.getByLabelText('E-mail')), 'Invalid email')
  assert.equal(stub.requests, [])
})

test('shows the exact success text once the reset link is sent', async () => {
  stub = stubFetch({ status: 200, body: { message: 'If an account exists for this address, a reset link is on its way' } })
  const view = askForLink('ada@example.com')
  const banner = await view.findByRole('status')
  assert.is(banner.textContent, SENT_TEXT)
  assert.is(view.queryByRole('alert'), null)
  assert.is($session.get().message, RESET_SENT)
  assert.equal(
    stub.requests.map(({ url, body }) => ({ url, body })),
    [{ url: '/api/password/forgot', body: { email: 'ada@example.com' } }],
  )
})

test('shows any other session message as an error banner', () => {
  const { view } = renderAt('/reset-password', <ResetPasswordScreen />)
  act(() => $session.setKey('message', 'Too many requests'))
  assert.is(view.getByRole('alert').textContent, 'Too many requests')
  assert.is(view.queryByText(SENT_TEXT), null)
})

const withToken = () => {
  const { view } = renderAt('/reset-password?token=t-123', <ResetPasswordScreen />)
  const type = (label: string, value: string) => fireEvent.change(view.getByLabelText(label), { target: { value } })
  return { view, type, submit: () => fireEvent.click(view.getByRole('button', { name: 'Set new password' })) }
}

test('asks for a new password instead of an e-mail when the link has a token', () => {
  const { view } = withToken()
  assert.is(view.queryByLabelText('E-mail'), null)
  assert.ok(view.getByLabelText('New password'))
})

test('shows Passwords dont match for a different confirmation', () => {
  stub = stubFetch({ status: 200, body: { message: 'Password changed' } })
  const { view, type, submit } = withToken()
  type('New password', 'correct horse')
  type('Confirm password', 'battery staple')
  submit()
  assert.is(descriptionOf(view.getByLabelText('Confirm password')), 'Passwords dont match')
  assert.equal(stub.requests, [])
})

test('sends the token with the new password and offers sign in on success', async () => {
  stub = stubFetch({ status: 200, body: { message: 'Password changed' } })
  const { view, type, submit } = withToken()
  type('New password', 'correct horse')
  type('Confirm password', 'correct horse')
  submit()
  const banner = await view.findByRole('status')
  assert.is(banner.textContent, 'Your password has been changed. Sign in with the new one.')
  assert.equal(
    stub.requests.map(({ url, body }) => ({ url, body })),
    [{ url: '/api/password/reset', body: { token: 't-123', password: 'correct horse' } }],
  )
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/login')
})

test('shows the server message and keeps the typed passwords when the reset fails', async () => {
  stub = stubFetch({ status: 400, body: { message: 'This reset link is invalid or has expired' } })
  const { view, type, submit } = withToken()
  type('New password', 'correct horse')
  type('Confirm password', 'correct horse')
  submit()
  const alert = await view.findByRole('alert')
  assert.match(alert.textContent ?? '', 'This reset link is invalid or has expired')
  assert.is((view.getByLabelText('New password') as HTMLInputElement).value, 'correct horse')
  assert.is((view.getByLabelText('Confirm password') as HTMLInputElement).value, 'correct horse')
})

test.run()
