import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PaymentForm, cardErrors } from '../../../../src/features/billing/payment-form'
import '../../../../src/features/billing/texts'
import '../../../../src/ui/console-texts'
import { cleanup, descriptionOf, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

const now = new Date('2025-06-15T12:00:00Z')
const valid = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', exp_month: '6', exp_year: '2025', cvc: '123' }

test('the form applies the server’s card rules before sending', () => {
  assert.equal(cardErrors(valid, now), {})
  assert.equal(cardErrors({ ...valid, number: '4242 4242 4242 4241' }, now), { number: 'billing.cardNumber' })
  assert.equal(cardErrors({ ...valid, exp_month: '5' }, now), { exp_month: 'billing.cardExpired' })
  assert.equal(cardErrors({ ...valid, name: ' ' }, now), { name: 'validation.required' })
  assert.equal(cardErrors({ ...valid, cvc: '12345' }, now), { cvc: 'billing.cvc' })
  assert.equal(cardErrors({ ...valid, exp_month: '', exp_year: '' }, now), { exp_month: 'validation.required', exp_year: 'validation.required' })
})

test('a bad number and a missing name show under their fields, and nothing is sent', () => {
  const calls: unknown[] = []
  const original = globalThis.fetch
  globalThis.fetch = (async (...args: unknown[]) => {
    calls.push(args)
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
  }) as typeof fetch
  try {
    render(<PaymentForm onClose={() => undefined} onSaved={() => undefined} />)
    const number = page().getByLabelText('Card number') as HTMLInputElement
    fireEvent.change(number, { target: { value: '4242 4242 4242 4241' } })
    fireEvent.blur(number)
    assert.is(descriptionOf(number), 'Not a valid card number')
    assert.ok(page().getByText('Visa'), 'the brand shows as typed')
    fireEvent.click(page().getByRole('button', { name: 'Save card' }))
    assert.is(descriptionOf(page().getByLabelText('Name on card')), 'Required')
    assert.is(descriptionOf(page().getByLabelText('Security code (CVC)')), 'Required')
    assert.is(calls.length, 0)
  } finally {
    globalThis.fetch = original
  }
})

test.run()
