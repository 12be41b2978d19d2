import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import SignInScreen from '../../../../src/features/auth/sign-in-screen'
import { $session } from '../../../../src/stores/session'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { act, cleanup, descriptionOf, fireEvent, renderAt, resetSession } from '../helpers'

let stub: FetchStub | undefined

test.before.each(() => resetSession())
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const open = () => {
  const { view } = renderAt('/login', <SignInScreen />)
  return {
    view,
    email: () => view.getByLabelText('E-mail') as HTMLInputElement,
    password: () => view.getByLabelText('Password') as HTMLInputElement,
    submit: () => view.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement,
  }
}

test('shows Required on a touched empty field and not on an untouched one', () => {
  const { view, email, password } = open()
  assert.is(view.queryByText('Required'), null)
  fireEvent.blur(email())
  assert.is(descriptionOf(email()), 'Required')
  assert.is(email().getAttribute('aria-invalid'), 'true')
  assert.is(descriptionOf(password()), null)
  assert.is(password().getAttribute('aria-invalid'), null)
})

test('shows Invalid email for an address without a proper ending', () => {
  const { email } = open()
  fireEvent.change(email(), { target: { value: 'ada@example' } })
  fireEvent.blur(email())
  assert.is(descriptionOf(email()), 'Invalid email')
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  assert.is(descriptionOf(email()), null)
})

test('touches every field on submit and sends nothing while one is wrong', () => {
  stub = stubFetch({ status: 200, body: {} })
  const { email, password, submit } = open()
  fireEvent.click(submit())
  assert.is(descriptionOf(email()), 'Required')
  assert.is(descriptionOf(password()), 'Required')
  assert.equal(stub.requests, [])
})

test('keeps the typed e-mail and password and shows the server message when sign-in fails', async () => {
  stub = stubFetch({ status: 401, body: { message: 'Wrong e-mail or password' } })
  const { view, email, password, submit } = open()
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  fireEvent.change(password(), { target: { value: 'not-her-password' } })
  fireEvent.click(submit())
  const alert = await view.findByRole('alert')
  assert.match(alert.textContent ?? '', 'Wrong e-mail or password')
  assert.equal(
    stub.requests.map(({ method, url, body }) => ({ method, url, body })),
    [{ method: 'POST', url: '/api/login/users/', body: { email: 'ada@example.com', password: 'not-her-password', remember: false } }],
  )
  assert.is(email().value, 'ada@example.com')
  assert.is(password().value, 'not-her-password')
  assert.is(submit().disabled, false)
})

test('disables the submit button while the session is loading', () => {
  const { submit } = open()
  act(() => $session.setKey('loading', true))
  assert.is(submit().disabled, true)
  assert.is(submit().getAttribute('aria-busy'), 'true')
})

test('closes the message banner through hideMessage', () => {
  const { view } = open()
  act(() => $session.setKey('message', 'Wrong e-mail or password'))
  assert.match(view.getByRole('alert').textContent ?? '', 'Wrong e-mail or password')
  fireEvent.click(view.getByRole('button', { name: 'Close message' }))
  assert.is($session.get().message, null)
  assert.is(view.queryByRole('alert'), null)
})

test('clears an old session message when it opens', () => {
  $session.setKey('message', 'A message from another screen')
  const { view } = open()
  assert.is($session.get().message, null)
  assert.is(view.queryByRole('alert'), null)
})

test('links to register and to reset password', () => {
  const { view } = open()
  assert.is(view.getByRole('link', { name: 'Create an account' }).getAttribute('href'), '/register')
  assert.is(view.getByRole('link', { name: 'Forgot password?' }).getAttribute('href'), '/reset-password')
})

test.run()
