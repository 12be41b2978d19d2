import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ContactForm } from '../../../../src/features/landing/contact-form'
// The screen module registers the landing page's texts.
import '../../../../src/features/landing/landing-screen'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { cleanup, descriptionOf, fireEvent, renderAt, waitFor } from '../helpers'

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

const fill = (form: ReturnType<typeof open>, message = 'Two depots need 80 devices.') => {
  fireEvent.change(form.name(), { target: { value: 'Ada' } })
  fireEvent.change(form.email(), { target: { value: 'ada@example.com' } })
  fireEvent.change(form.message(), { target: { value: message } })
}

test('a valid Send posts the message to /contact, says it was sent and empties the form', async () => {
  stub.restore()
  stub = stubFetch({ status: 202, body: { message: 'Your message was sent.' } })
  const form = open()
  fill(form)
  form.send()
  const status = await form.view.findByRole('status')
  assert.match(status.textContent ?? '', 'Thank you, Ada: your message was sent.')
  assert.equal(
    stub.requests.map((request) => [request.method, new URL(request.url, 'http://x').pathname, request.body]),
    [['POST', '/api/contact', { name: 'Ada', email: 'ada@example.com', messages: 'Two depots need 80 devices.', website: '' }]],
  )
  await waitFor(() => assert.is(form.name().value, ''))
  assert.is(form.message().value, '')
})

test('a refused Send keeps what was typed and says why, with a way to send again', async () => {
  stub.restore()
  stub = stubFetch({ status: 429, body: { message: 'Too many attempts. Try again in 60 min.' }, headers: { 'retry-after': '3600' } }, { fail: 'offline' })
  const form = open()
  fill(form)
  form.send()
  const alert = await form.view.findByRole('alert')
  assert.match(alert.textContent ?? '', 'Too many messages were sent from here')
  assert.equal([form.name().value, form.email().value, form.message().value], ['Ada', 'ada@example.com', 'Two depots need 80 devices.'])
  form.send()
  await waitFor(() => assert.match(form.view.getByRole('alert').textContent ?? '', 'Your message could not be sent'))
  assert.is(form.message().value, 'Two depots need 80 devices.')
  assert.is(stub.requests.length, 2)
})

test('the field a person never sees is kept out of the tab order and the accessibility tree', () => {
  const { view } = open()
  const trap = document.querySelector<HTMLInputElement>('input[name="website"]')
  assert.ok(trap)
  assert.is(trap?.tabIndex, -1)
  assert.ok(trap?.closest('[aria-hidden="true"]'))
  assert.is(view.queryByRole('textbox', { name: /website|empty/i }), null)
})

test.run()
