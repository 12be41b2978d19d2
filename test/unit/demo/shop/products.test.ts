import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { toCents } from '../../../../src/demo/shop/money'
import { PRODUCTS, RATING_MAX, searchProducts } from '../../../../src/demo/shop/products'

const names = (query: string) => searchProducts(PRODUCTS, query).map((product) => product.name)

test('a dozen products, each with an id of its own and a rating out of 5', () => {
  assert.is(PRODUCTS.length, 12)
  assert.is(new Set(PRODUCTS.map((product) => product.id)).size, 12)
  assert.is(RATING_MAX, 5)
  for (const product of PRODUCTS) {
    assert.ok(Number.isInteger(product.ratting) && product.ratting >= 0 && product.ratting <= RATING_MAX, product.name)
    assert.ok(product.price > 0 && product.desc.length > 0, product.name)
  }
  assert.ok(PRODUCTS.some((product) => product.soldout) && PRODUCTS.some((product) => !product.soldout))
})

test('a discounted price is its previous price less the discount, to the cent', () => {
  const discounted = PRODUCTS.filter((product) => product.discount !== undefined)
  assert.ok(discounted.length >= 3)
  for (const product of discounted) {
    assert.ok(product.prevPrice! > product.price, product.name)
    assert.is(toCents(product.price), Math.round((toCents(product.prevPrice!) * (100 - product.discount!)) / 100), product.name)
  }
  for (const product of PRODUCTS.filter((one) => one.discount === undefined)) assert.is(product.prevPrice, undefined, product.name)
})

test('the search matches a part of the name in any case; an empty one shows all', () => {
  assert.equal(names('camera'), ['Dome Camera 4K', 'Bullet Camera Night'])
  assert.equal(names('  ROUTER '), ['Rugged Router R5', 'Branch Router R2'])
  assert.equal(names('battery'), [], 'the description is not searched')
  assert.equal(names('zzz'), [])
  assert.is(names('').length, 12)
  assert.is(names('   ').length, 12)
})

test.run()
