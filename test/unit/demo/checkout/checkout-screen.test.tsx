import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Checkout } from '../../../../src/demo/checkout/checkout-screen'
import { createCheckout } from '../../../../src/demo/checkout/checkout'
import { createCart } from '../../../../src/demo/shop/cart'
import { PRODUCTS } from '../../../../src/demo/shop/products'
import { act, cleanup, descriptionOf, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

const product = (name: string) => PRODUCTS.find((one) => one.name === name)!

const open = () => {
  const cart = createCart()
  cart.add(product('Rugged Router R5'), 1)
  cart.add(product('Climate Sensor T2'), 2)
  const checkout = createCheckout()
  render(<Checkout cart={cart} checkout={checkout} random={() => 0.424242} />)
  return { cart, checkout, view: page() }
}

const type = (label: string, value: string) => fireEvent.change(page().getByLabelText(label), { target: { value } })
const errorOf = (label: string) => descriptionOf(page().getByLabelText(label))
const current = () => page().getByRole('list', { name: 'Checkout steps' }).querySelector('[aria-current="step"]')?.textContent

const fillAddress = () => {
  type('First name', 'Ada')
  type('Last name', 'Okafor')
  type('Address line 1', 'Hafenstraße 12')
  type('City', 'Hamburg')
  type('ZIP or postal code', '20457')
  type('Country', 'Germany')
}

test('Next on an empty address shows Required on the six required fields only', () => {
  const { view } = open()
  assert.is(current(), '1Address')
  assert.is(errorOf('First name'), null, 'untouched: no error yet')
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  for (const label of ['First name', 'Last name', 'Address line 1', 'City', 'ZIP or postal code', 'Country']) assert.is(errorOf(label), 'Required', label)
  assert.is(errorOf('Address line 2 (optional)'), null)
  assert.is(errorOf('State or region (optional)'), null)
  assert.is(current(), '1Address')
})

test('a touched empty required field shows Required once left', () => {
  open()
  fireEvent.blur(page().getByLabelText('City'))
  assert.is(errorOf('City'), 'Required')
  assert.is(errorOf('Country'), null)
})

test('the payment checks the card and masks the expiry; Back and Next keep what was typed', () => {
  const { view } = open()
  fillAddress()
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  assert.is(current(), '2Payment')
  assert.is(document.activeElement, view.getByRole('heading', { name: 'Payment', level: 2 }), 'focus at the new step')
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  for (const label of ['Name on card', 'Card number', 'Expiry date (MM/YY)', 'CVV']) assert.is(errorOf(label), 'Required', label)
  type('Name on card', 'Ada Okafor')
  type('Card number', '4242 4242')
  type('Expiry date (MM/YY)', '1299')
  type('CVV', '12')
  assert.is((view.getByLabelText('Expiry date (MM/YY)') as HTMLInputElement).value, '12/99')
  assert.is(errorOf('Card number'), 'Enter the 12 to 19 digits of the card number')
  assert.is(errorOf('CVV'), 'Enter the 3 or 4 digits of the security code')
  assert.is(errorOf('Expiry date (MM/YY)'), null)
  fireEvent.click(view.getByRole('button', { name: 'Back' }))
  assert.is(current(), '1Address')
  assert.is((view.getByLabelText('Country') as HTMLInputElement).value, 'Germany')
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  assert.is((view.getByLabelText('Card number') as HTMLInputElement).value, '4242 4242')
  assert.is((view.getByLabelText('Expiry date (MM/YY)') as HTMLInputElement).value, '12/99')
})

test('the review shows the cart, its total and both forms; Place order thanks and empties the cart', () => {
  const { cart, view } = open()
  fillAddress()
  type('Address line 2 (optional)', 'Gate 3')
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  type('Name on card', 'Ada Okafor')
  type('Card number', '4242 4242 4242 4242')
  type('Expiry date (MM/YY)', '12/99')
  type('CVV', '123')
  fireEvent.click(view.getByRole('button', { name: 'Next' }))
  assert.is(current(), '3Review')
  const review = within(view.getByRole('region', { name: 'Review' }))
  assert.ok(review.getByText('Rugged Router R5'))
  assert.ok(review.getByText('× 2'))
  // 459.00 + 2 x 39.92
  assert.is(review.getByText('Total').nextElementSibling!.textContent, '$538.84')
  assert.equal(
    Array.from(view.getByRole('region', { name: 'Ship to' }).querySelectorAll('address span'), (line) => line.textContent),
    ['Ada Okafor', 'Hafenstraße 12', 'Gate 3', '20457 Hamburg', 'Germany'],
  )
  const pay = within(view.getByRole('region', { name: 'Pay with' }))
  assert.ok(pay.getByText('Card ending in 4242'))
  assert.ok(pay.getByText('Expires 12/99'))
  fireEvent.click(view.getByRole('button', { name: 'Place order' }))
  assert.ok(view.getByRole('heading', { name: 'Thank you for your order!' }))
  assert.ok(view.getByText('Your order number is EL-42424200.'))
  assert.is(view.getByRole('link', { name: 'Continue shopping' }).getAttribute('href'), '/app/pages/products')
  assert.equal(cart.$cart.get(), [])
})

test('with an empty cart the review cannot place an order', () => {
  const { cart, checkout, view } = open()
  act(() => {
    checkout.keep('address', { ...checkout.$checkout.get().address, firstName: 'A', lastName: 'B', address1: 'C', city: 'D', zip: 'E', country: 'F' })
    checkout.next()
    checkout.keep('payment', { cardName: 'A B', cardNumber: '123456789012', expDate: '01/99', cvv: '999' })
    checkout.next()
    cart.clear()
  })
  assert.ok(view.getByText('Your cart is empty.'))
  assert.is((view.getByRole('button', { name: 'Place order' }) as HTMLButtonElement).disabled, true)
  assert.is(view.getByRole('link', { name: 'Go to the products' }).getAttribute('href'), '/app/pages/products')
})

test.run()
