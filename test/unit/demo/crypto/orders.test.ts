import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ORDER_ROWS, orderBook, type OrderRow } from '../../../../src/demo/crypto/orders'

test('bids come best (highest) first, asks best (lowest) first, with the spread between them', () => {
  const { bids, asks, spread } = orderBook(ORDER_ROWS)
  assert.equal(
    bids.map((row) => row.price),
    [64_207, 64_198.25, 64_185, 64_172.75, 64_150.5],
  )
  assert.equal(
    asks.map((row) => row.price),
    [64_219.5, 64_236, 64_251.75, 64_270.25, 64_288],
  )
  assert.is(spread, 12.5)
})

test('a book with one side empty has no spread', () => {
  const buys: OrderRow[] = [{ id: 1, side: 'buy', price: 10, amount: 1 }]
  assert.is(orderBook(buys).spread, null)
  assert.equal(orderBook([]), { bids: [], asks: [], spread: null })
})

test.run()
