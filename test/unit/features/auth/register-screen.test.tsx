import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import RegisterScreen from '../../../../src/features/auth/register-screen'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { createAuthAnswer } from '../../contract/factories'
import { cleanup, descriptionOf, fireEvent, renderAt, resetSession, waitFor } from '../helpers'

let stub: FetchStub | undefined

test.before.each(() => resetSession())
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const open = () => {
  const { view } = renderAt('/register', <RegisterScreen />)
  const field = (label: string) => view.getByLabelText(label) as HTMLInputElement
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
  return {
    view,
    field,
    type,
    agree: () => view.getByRole('checkbox', { name: /I agree to the/ }) as HTMLInputElement,
    submit: () => fireEvent.click(view.getByRole('button', { name: 'Create account' })),
  }
}

test('shows Required on a touched empty name and not on the untouched fields', () => {
  const { view, field } = open()
  fireEvent.blur(field('Full name'))
  assert.is(descriptionOf(field('Full name')), 'Required')
  assert.is(view.getAllByText('Required').length, 1)
})

test('shows Invalid email for a malformed address', () => {
  const { field, type } = open()
  type('E-mail', 'ada.example.com')
  fireEvent.blur(field('E-mail'))
  assert.is(descriptionOf(field('E-mail')), 'Invalid email')
})

test('shows Passwords dont match when the confirmation differs', () => {
  const { field, type } = open()
  type('Password', 'correct horse')
  type('Confirm password', 'correct horse!')
  fireEvent.blur(field('Confirm password'))
  assert.is(descriptionOf(field('Confirm password')), 'Passwords dont match')
  type('Confirm password', 'correct horse')
  assert.is(descriptionOf(field('Confirm password')), null)
})

test('requires the terms checkbox and sends nothing without it', () => {
  stub = stubFetch({ status: 200, body: createAuthAnswer() })
  const { agree, type, submit } = open()
  type('Full name', 'Ada Lovelace')
  type('E-mail', 'ada@example.com')
  type('Password', 'correct horse')
  type('Confirm password', 'correct horse')
  submit()
  assert.is(descriptionOf(agree()), 'Required')
  assert.is(agree().getAttribute('aria-invalid'), 'true')
  assert.equal(stub.requests, [])
  fireEvent.click(agree())
  assert.is(descriptionOf(agree()), null)
})

test('sends name, e-mail and password once every field is valid', async () => {
  stub = stubFetch({ status: 200, body: createAuthAnswer({ name: 'Ada Lovelace' }) })
  const { agree, type, submit } = open()
  type('Full name', ' Ada Lovelace ')
  type('E-mail', 'ada@example.com')
  type('Password', 'correct horse')
  type('Confirm password', 'correct horse')
  fireEvent.click(agree())
  submit()
  await waitFor(() => assert.is(stub?.requests.length, 1))
  const [request] = stub.requests
  assert.equal(request && { method: request.method, url: request.url, body: request.body }, {
    method: 'POST',
    url: '/api/register/',
    body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse' },
  })
})

test('opens the terms in a new tab from the checkbox label', () => {
  const { view } = open()
  const link = view.getByRole('link', { name: 'Terms and Conditions' })
  assert.is(link.getAttribute('href'), '/terms-conditions')
  assert.is(link.getAttribute('target'), '_blank')
  assert.is(link.getAttribute('rel'), 'noopener')
})

test('links back to sign in', () => {
  const { view } = open()
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/login')
})

test.run()
