import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ContactForm } from '../../../../src/features/landing/contact-form'
// The screen module registers the landing page's texts.
import '../../../../src/features/landing/landing-screen'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { cleanup, descriptionOf, fireEvent, renderAt } from '../helpers'

let stub: FetchStub

test.before.each(() => {
  stub = stubFetch({ status: 200, body: {} })
})
test.after.each(() => {
  cleanup()
  stub.restore()
})

const open = () => {
  const { view } = renderAt('/landing', <ContactForm />)
  return {
    view,
    name: () => view.getByLabelText('Name') as HTMLInputElement,
    email: () => view.getByLabelText('E-mail') as HTMLInputElement,
    message: () => view.getByLabelText('Message (optional)') as HTMLTextAreaElement,
    send: () => fireEvent.click(view.getByRole('button', { name: 'Send' })),
  }
}

test('shows Required on a touched empty name and nothing on untouched fields', () => {
  const { name, email } = open()
  assert.is(descriptionOf(name()), null)
  fireEvent.blur(name())
  assert.is(descriptionOf(name()), 'Required')
  assert.is(name().getAttribute('aria-invalid'), 'true')
  assert.is(descriptionOf(email()), null)
})

test('shows Invalid email for an address without a proper ending', () => {
  const { email } = open()
  fireEvent.change(email(), { target: { value: 'ada@example' } })
  fireEvent.blur(email())
  assert.is(descriptionOf(email()), 'Invalid email')
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  assert.is(descriptionOf(email()), null)
})

test('Send touches name and e-mail, leaves the message optional and sends nothing', () => {
  const { view, name, email, message, send } = open()
  send()
  assert.equal([descriptionOf(name()), descriptionOf(email()), message().getAttribute('aria-invalid')], ['Required', 'Required', null])
  assert.is(view.queryByRole('status'), null)
  assert.equal(stub.requests, [])
})

test('a valid Send sends no request and says that nothing was sent', () => {
  const { view, name, email, message, send } = open()
  fireEvent.change(name(), { target: { value: 'Ada' } })
  fireEvent.change(email(), { target: { value: 'ada@example.com' } })
  send()
  assert.match(view.getByRole('status').textContent ?? '', 'this form sends nothing')
  fireEvent.change(message(), { target: { value: 'Hello' } })
  send()
  assert.is(message().value, 'Hello')
  assert.equal(stub.requests, [])
})

test.run()
