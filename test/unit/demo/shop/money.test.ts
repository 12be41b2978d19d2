import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CURRENCY, moneyFormat, toCents } from '../../../../src/demo/shop/money'

test('prices become whole cents, so sums do not drift', () => {
  assert.is(0.1 + 0.2 === 0.3, false, 'dollars drift')
  assert.is(toCents(0.1) + toCents(0.2), toCents(0.3))
  assert.is(toCents(19.95), 1995)
  assert.is(toCents(269.1), 26910)
})

test('amounts show in US dollars with $, as the language writes numbers', () => {
  assert.is(CURRENCY, 'USD')
  assert.is(moneyFormat('en')(123456), '$1,234.56')
  assert.is(moneyFormat('de')(123456).replace(/\s/g, ' '), '1.234,56 $')
  assert.is(moneyFormat('en')(0), '$0.00')
  for (const locale of ['en', 'de', 'id', 'es', 'zh', 'ar']) assert.ok(moneyFormat(locale)(995).includes('$'), locale)
})

test.run()
