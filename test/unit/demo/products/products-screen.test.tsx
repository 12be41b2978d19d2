import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ProductCatalogue } from '../../../../src/demo/products/products-screen'
import { createCart } from '../../../../src/demo/shop/cart'
import { PRODUCTS } from '../../../../src/demo/shop/products'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

const open = () => {
  const cart = createCart()
  render(<ProductCatalogue products={PRODUCTS} cart={cart} />)
  return { cart, view: page() }
}

const shownNames = () => within(page().getByRole('list', { name: 'Products' })).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)

const add = (name: string, qty: number) => {
  const view = page()
  fireEvent.click(view.getByRole('button', { name }))
  const dialog = view.getByRole('dialog', { name })
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), { target: { value: String(qty) } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }))
}

test('the search shows the products whose name holds the text, and says how many', () => {
  const { view } = open()
  assert.is(shownNames().length, 12)
  assert.is(view.getByRole('status').textContent, '12 products')
  fireEvent.change(view.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'CAMERA' } })
  assert.equal(shownNames(), ['Dome Camera 4K', 'Bullet Camera Night'])
  assert.is(view.getByRole('status').textContent, '2 products')
  fireEvent.change(view.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'toaster' } })
  assert.ok(view.getByText('No product matches.'))
  assert.is(view.queryByRole('list', { name: 'Products' }), null)
})

test('the view toggles between a grid and a list, which shows the descriptions', () => {
  const { view } = open()
  const group = view.getByRole('group', { name: 'View' })
  const [grid, list] = within(group).getAllByRole('button')
  assert.is(grid!.getAttribute('aria-pressed'), 'true')
  assert.is(list!.getAttribute('aria-pressed'), 'false')
  assert.is(view.queryByText(PRODUCTS[0]!.desc), null)
  fireEvent.click(within(group).getByRole('button', { name: 'List' }))
  assert.is(list!.getAttribute('aria-pressed'), 'true')
  assert.is(grid!.getAttribute('aria-pressed'), 'false')
  assert.ok(view.getByText(PRODUCTS[0]!.desc))
})

test('a card shows the rating out of 5, the price, a discount with the previous price struck, and sold out', () => {
  const { view } = open()
  const card = (name: string) => view.getByRole('button', { name }).closest('li')!
  const edgeBox = within(card('EdgeBox 300 Gateway'))
  assert.ok(edgeBox.getByRole('img', { name: '5 out of 5' }))
  assert.ok(edgeBox.getByText('$269.10'))
  assert.is(card('EdgeBox 300 Gateway').querySelector('del')!.textContent, 'Previous price $299.00')
  assert.ok(edgeBox.getByText('10% off'))
  assert.is(edgeBox.queryByText('Sold out'), null)
  const door = within(card('Door Contact Sensor'))
  assert.ok(door.getByText('Sold out'))
  assert.ok(door.getByRole('img', { name: '3 out of 5' }))
  assert.is(card('Door Contact Sensor').querySelector('del'), null)
})

test('the detail: its quantity goes down to 0, where Add to cart is disabled', () => {
  const { cart, view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Climate Sensor T2' }))
  const dialog = within(view.getByRole('dialog', { name: 'Climate Sensor T2' }))
  assert.ok(dialog.getByText(PRODUCTS[2]!.desc))
  assert.ok(dialog.getByRole('img', { name: '4 out of 5' }))
  const qty = dialog.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement
  const addButton = dialog.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement
  const fewer = dialog.getByRole('button', { name: 'One fewer Climate Sensor T2' }) as HTMLButtonElement
  assert.is(qty.value, '1')
  assert.is(addButton.disabled, false)
  fireEvent.click(fewer)
  assert.is(qty.value, '0')
  assert.is(addButton.disabled, true)
  assert.is(fewer.disabled, true, 'not below 0')
  fireEvent.change(qty, { target: { value: '-5' } })
  assert.is(qty.value, '0')
  fireEvent.click(dialog.getByRole('button', { name: 'One more Climate Sensor T2' }))
  fireEvent.click(dialog.getByRole('button', { name: 'One more Climate Sensor T2' }))
  assert.is(addButton.disabled, false)
  fireEvent.click(addButton)
  assert.is(view.queryByRole('dialog'), null)
  assert.equal(cart.$cart.get().map(({ id, qty }) => [id, qty]), [['p3', 2]])
  assert.is(view.getByRole('status').textContent, 'Added to the cart: Climate Sensor T2 × 2.')
  assert.ok(view.getByRole('button', { name: 'Cart, 2 items' }))
})

test('a sold-out product cannot be added', () => {
  const { cart, view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Bullet Camera Night' }))
  const dialog = within(view.getByRole('dialog', { name: 'Bullet Camera Night' }))
  const addButton = dialog.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement
  assert.is(addButton.disabled, true)
  assert.is((dialog.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).disabled, true)
  assert.ok(dialog.getByText('This product is sold out and cannot be added to the cart.'))
  fireEvent.click(addButton)
  assert.equal(cart.$cart.get(), [])
})

test('the cart popup lists the lines and their total, takes changes and leads to checkout', () => {
  const { cart, view } = open()
  add('Dome Camera 4K', 1)
  add('LTE Panel Antenna', 2)
  add('Dome Camera 4K', 1)
  fireEvent.click(view.getByRole('button', { name: 'Cart, 4 items' }))
  const dialog = within(view.getByRole('dialog', { name: 'Cart' }))
  const total = () => dialog.getByText('Total').nextElementSibling!.textContent
  // 2 x 330.65 + 2 x 89.00
  assert.is(total(), '$839.30')
  assert.ok(dialog.getByText('$661.30'))
  fireEvent.click(dialog.getByRole('button', { name: 'One more LTE Panel Antenna' }))
  assert.is(total(), '$928.30')
  fireEvent.change(dialog.getByRole('spinbutton', { name: 'Quantity of Dome Camera 4K' }), { target: { value: '1' } })
  assert.is(total(), '$597.65')
  assert.is((dialog.getByRole('button', { name: 'One fewer Dome Camera 4K' }) as HTMLButtonElement).disabled, true, 'a line keeps 1; Remove takes it away')
  assert.is(dialog.getByRole('link', { name: 'Checkout' }).getAttribute('href'), '/app/pages/checkout')
  fireEvent.click(dialog.getByRole('button', { name: 'Remove Dome Camera 4K' }))
  assert.is(total(), '$267.00')
  assert.ok(view.getByRole('button', { name: 'Cart, 3 items' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Remove LTE Panel Antenna' }))
  assert.ok(dialog.getByText('Your cart is empty.'))
  assert.is(dialog.queryByRole('link', { name: 'Checkout' }), null)
  assert.equal(cart.$cart.get(), [])
})

test('a cleared quantity field waits for a number instead of jumping', () => {
  const { cart, view } = open()
  add('Omni Antenna 5G', 3)
  fireEvent.click(view.getByRole('button', { name: 'Cart, 3 items' }))
  const field = page().getByRole('spinbutton', { name: 'Quantity of Omni Antenna 5G' }) as HTMLInputElement
  fireEvent.change(field, { target: { value: '' } })
  assert.is(field.value, '')
  assert.is(cart.$cart.get()[0]!.qty, 3)
  fireEvent.blur(field)
  assert.is(field.value, '3')
})

test.run()
