import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CURRENCY, priceText, readPositive, tradeTotalCents } from '../../../../src/demo/crypto/trade'

test('the currency is USD', () => {
  assert.is(CURRENCY, 'USD')
})

test('the total is amount times price, in whole cents', () => {
  assert.is(tradeTotalCents(1, 64_210.5), 6_421_050)
  assert.is(tradeTotalCents(0.5, 582.4), 29_120)
  assert.is(tradeTotalCents(3, 0.1), 30)
  // 1000 BCN at $0.0012 is $1.20.
  assert.is(tradeTotalCents(1000, 0.0012), 120)
})

test('half a cent rounds up, even where floating point falls short of it', () => {
  assert.is(tradeTotalCents(1, 1.005), 101)
  assert.is(tradeTotalCents(0.5, 0.01), 1)
  assert.is(tradeTotalCents(0.4, 0.01), 0)
})

test('reads amounts and prices above 0 only', () => {
  assert.is(readPositive('0.25'), 0.25)
  assert.is(readPositive(' 3 '), 3)
  for (const bad of ['', '  ', '0', '-1', 'abc', 'Infinity']) assert.is(readPositive(bad), null, bad)
})

test('offers a price with cents from a dollar up, with four places below', () => {
  assert.is(priceText(64_210.5), '64210.50')
  assert.is(priceText(0.0012), '0.0012')
})

test.run()
