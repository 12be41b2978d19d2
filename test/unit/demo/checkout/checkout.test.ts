import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  addressErrors,
  cardDigits,
  createCheckout,
  EMPTY_ADDRESS,
  EMPTY_PAYMENT,
  maskExpiry,
  nextStep,
  orderNumber,
  paymentErrors,
  previousStep,
  readExpiry,
  STEPS,
  TEXT_MAX,
  type AddressForm,
  type PaymentForm,
} from '../../../../src/demo/checkout/checkout'
import { createCart } from '../../../../src/demo/shop/cart'
import { PRODUCTS } from '../../../../src/demo/shop/products'

const NOW = new Date(2026, 5, 15)
const createAddress = (overrides: Partial<AddressForm> = {}): AddressForm => ({
  ...EMPTY_ADDRESS,
  firstName: 'Ada',
  lastName: 'Okafor',
  address1: 'Hafenstraße 12',
  city: 'Hamburg',
  zip: '20457',
  country: 'Germany',
  ...overrides,
})
const createPayment = (overrides: Partial<PaymentForm> = {}): PaymentForm => ({
  cardName: 'Ada Okafor',
  cardNumber: '4242 4242 4242 4242',
  expDate: '09/28',
  cvv: '123',
  ...overrides,
})

test('the steps run address, payment, review, and stop at either end', () => {
  assert.equal(STEPS, ['address', 'payment', 'review'])
  assert.is(nextStep('address'), 'payment')
  assert.is(nextStep('payment'), 'review')
  assert.is(nextStep('review'), 'review')
  assert.is(previousStep('review'), 'payment')
  assert.is(previousStep('payment'), 'address')
  assert.is(previousStep('address'), 'address')
})

test('the address needs first and last name, line 1, city, zip and country; line 2 and state are optional', () => {
  assert.equal(addressErrors(EMPTY_ADDRESS), {
    firstName: 'validation.required',
    lastName: 'validation.required',
    address1: 'validation.required',
    city: 'validation.required',
    zip: 'validation.required',
    country: 'validation.required',
  })
  assert.equal(addressErrors(createAddress()), {})
  assert.equal(addressErrors(createAddress({ city: '   ' })), { city: 'validation.required' })
  assert.equal(addressErrors(createAddress({ address2: 'x'.repeat(TEXT_MAX + 1) })), { address2: 'validation.tooLong' })
  assert.equal(addressErrors(createAddress({ state: 'x'.repeat(TEXT_MAX) })), {})
})

test('every payment field is required', () => {
  assert.equal(paymentErrors(EMPTY_PAYMENT, NOW), {
    cardName: 'validation.required',
    cardNumber: 'validation.required',
    expDate: 'validation.required',
    cvv: 'validation.required',
  })
  assert.equal(paymentErrors(createPayment(), NOW), {})
})

test('a card number has 12 to 19 digits, with spaces or dashes between groups', () => {
  const error = (cardNumber: string) => paymentErrors(createPayment({ cardNumber }), NOW).cardNumber
  assert.is(cardDigits('4242 4242-4242 4242'), '4242424242424242')
  assert.is(error('1234 5678 9012'), undefined)
  assert.is(error('1'.repeat(19)), undefined)
  assert.is(error('1'.repeat(11)), 'demo-checkout.errors.cardNumber')
  assert.is(error('1'.repeat(20)), 'demo-checkout.errors.cardNumber')
  assert.is(error('4242 4242 4242 424x'), 'demo-checkout.errors.cardNumber')
})

test('a CVV has 3 or 4 digits', () => {
  const error = (cvv: string) => paymentErrors(createPayment({ cvv }), NOW).cvv
  assert.is(error('123'), undefined)
  assert.is(error('1234'), undefined)
  assert.is(error('12'), 'demo-checkout.errors.cvv')
  assert.is(error('12345'), 'demo-checkout.errors.cvv')
  assert.is(error('12a'), 'demo-checkout.errors.cvv')
})

test('the expiry is typed as MM/YY and may not be before this month', () => {
  assert.is(maskExpiry('0'), '0')
  assert.is(maskExpiry('09'), '09')
  assert.is(maskExpiry('092'), '09/2')
  assert.is(maskExpiry('0928'), '09/28')
  assert.is(maskExpiry('09/28'), '09/28')
  assert.is(maskExpiry('09/2877'), '09/28')
  assert.is(maskExpiry('ab1c2'), '12')
  assert.equal(readExpiry('09/28'), { month: 9, year: 2028 })
  assert.is(readExpiry('13/28'), null)
  assert.is(readExpiry('00/28'), null)
  assert.is(readExpiry('9/28'), null)
  const error = (expDate: string) => paymentErrors(createPayment({ expDate }), NOW).expDate
  assert.is(error('06/26'), undefined, 'good to the end of this month')
  assert.is(error('05/26'), 'demo-checkout.errors.expired')
  assert.is(error('12/25'), 'demo-checkout.errors.expired')
  assert.is(error('13/27'), 'demo-checkout.errors.expDate')
  assert.is(error('0927'), 'demo-checkout.errors.expDate')
})

test('an order number is EL- and eight digits', () => {
  assert.is(orderNumber(() => 0.12345678), 'EL-12345678')
  assert.is(orderNumber(() => 0), 'EL-00000000')
  assert.match(orderNumber(), /^EL-\d{8}$/)
})

test('Next moves on only from a form that passes; Back keeps what was typed', () => {
  const checkout = createCheckout(() => NOW)
  const steps: string[] = []
  checkout.$checkout.listen((state) => steps.push(state.step))
  assert.is(checkout.next(), false, 'an empty address')
  checkout.keep('address', createAddress({ zip: '' }))
  assert.is(checkout.next(), false, 'no zip')
  checkout.keep('address', createAddress())
  assert.is(checkout.next(), true)
  checkout.keep('payment', createPayment({ cvv: '1' }))
  assert.is(checkout.next(), false, 'a short cvv')
  checkout.back()
  assert.equal(checkout.$checkout.get().payment, createPayment({ cvv: '1' }), 'kept while unchecked')
  assert.equal(checkout.$checkout.get().address, createAddress())
  assert.is(checkout.next(), true)
  checkout.keep('payment', createPayment())
  assert.is(checkout.next(), true)
  assert.is(checkout.next(), false, 'the review is the last step')
  assert.equal(steps.filter((step, index) => step !== steps[index - 1]), ['address', 'payment', 'address', 'payment', 'review'])
})

test('Place order needs the review and a cart with something in it; it empties the cart and starts again', () => {
  const cart = createCart()
  const checkout = createCheckout(() => NOW)
  cart.add(PRODUCTS[0]!, 1)
  assert.is(checkout.place(cart, () => 0.5), null, 'not from the address step')
  checkout.keep('address', createAddress())
  checkout.next()
  checkout.keep('payment', createPayment())
  checkout.next()
  assert.is(checkout.place(createCart(), () => 0.5), null, 'not with an empty cart')
  assert.is(checkout.place(cart, () => 0.5), 'EL-50000000')
  assert.equal(cart.$cart.get(), [])
  assert.equal(checkout.$checkout.get(), { step: 'address', address: EMPTY_ADDRESS, payment: EMPTY_PAYMENT })
})

test.run()
