import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  addToCart,
  canAdd,
  cartCount,
  cartTotalCents,
  clampQty,
  createCart,
  lineCents,
  QTY_MAX,
  QTY_MIN,
  removeFromCart,
  setCartQty,
  type CartItem,
} from '../../../../src/demo/shop/cart'
import type { Product } from '../../../../src/demo/shop/products'

const createProduct = (overrides: Partial<Product> = {}): Product => ({
  id: 'p1',
  name: 'Gateway',
  thumbnail: 'gateway',
  price: 10,
  soldout: false,
  ratting: 4,
  desc: 'A gateway.',
  ...overrides,
})

const gateway = createProduct()
const sensor = createProduct({ id: 'p2', name: 'Sensor', thumbnail: 'sensor', price: 0.1 })
const camera = createProduct({ id: 'p3', name: 'Camera', thumbnail: 'camera', soldout: true })

test('a quantity is a whole number from 0 (or the minimum given) to the cap', () => {
  assert.is(QTY_MIN, 0)
  assert.is(clampQty(-3), 0)
  assert.is(clampQty(2.7), 2)
  assert.is(clampQty(NaN), 0)
  assert.is(clampQty(QTY_MAX + 1), QTY_MAX)
  assert.is(clampQty(0, 1), 1)
  assert.is(clampQty(Infinity, 1), 1)
})

test('Add to cart needs 1 or more of a product that is not sold out', () => {
  assert.is(canAdd(gateway, 0), false)
  assert.is(canAdd(gateway, 0.5), false)
  assert.is(canAdd(gateway, 1), true)
  assert.is(canAdd(camera, 1), false)
})

test('adding keeps one line a product: a repeat raises its quantity, up to the cap', () => {
  let items: readonly CartItem[] = []
  items = addToCart(items, gateway, 2)
  items = addToCart(items, sensor, 1)
  items = addToCart(items, gateway, 3)
  assert.equal(
    items.map(({ id, qty }) => [id, qty]),
    [
      ['p1', 5],
      ['p2', 1],
    ],
  )
  assert.equal(items[0], { id: 'p1', name: 'Gateway', thumbnail: 'gateway', price: 10, qty: 5 })
  items = addToCart(items, gateway, QTY_MAX)
  assert.is(items[0]!.qty, QTY_MAX)
})

test('nothing is added below 1 or when sold out', () => {
  const items = addToCart([], gateway, 1)
  assert.is(addToCart(items, gateway, 0), items)
  assert.is(addToCart(items, camera, 2), items)
})

test("a line's quantity changes; at 0 the line goes, and a removed line is gone", () => {
  let items = addToCart(addToCart([], gateway, 1), sensor, 1)
  items = setCartQty(items, 'p2', 4)
  assert.is(items[1]!.qty, 4)
  items = setCartQty(items, 'p1', 0)
  assert.equal(items.map((item) => item.id), ['p2'])
  assert.equal(removeFromCart(items, 'p2'), [])
  assert.is(removeFromCart(items, 'missing').length, 1)
})

test('the total is the sum of price times quantity, in whole cents', () => {
  const items = addToCart(addToCart(addToCart([], sensor, 3), createProduct({ id: 'p4', price: 19.95 }), 3), gateway, 1)
  assert.is(lineCents(items[0]!), 30)
  assert.is(cartTotalCents(items), 30 + 5985 + 1000)
  assert.is(0.1 * 3 + 19.95 * 3 + 10 === 70.15, false, 'dollars would drift')
  assert.is(cartCount(items), 7)
  assert.is(cartTotalCents([]), 0)
})

test('the cart store moves as its actions say', () => {
  const cart = createCart()
  const seen: string[] = []
  cart.$cart.listen((items) => seen.push(items.map(({ id, qty }) => `${id}x${qty}`).join(',')))
  cart.add(gateway, 2)
  cart.add(sensor, 1)
  cart.setQty('p1', 3)
  cart.remove('p2')
  cart.clear()
  assert.equal(seen, ['p1x2', 'p1x2,p2x1', 'p1x3,p2x1', 'p1x3', ''])
})

test.run()
