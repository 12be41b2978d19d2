import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { COINS } from '../../../../src/demo/crypto/coins'
import { nextMarketSort, sortMarket, type MarketRow } from '../../../../src/demo/crypto/market'

const symbols = (rows: readonly MarketRow[]) => rows.map((row) => row.symbol)

test('the first click on a column sorts it descending; a repeat toggles; another column starts descending', () => {
  let sort = nextMarketSort(null, 'price')
  assert.equal(sort, { by: 'price', order: 'desc' })
  sort = nextMarketSort(sort, 'price')
  assert.equal(sort, { by: 'price', order: 'asc' })
  sort = nextMarketSort(sort, 'price')
  assert.equal(sort, { by: 'price', order: 'desc' })
  assert.equal(nextMarketSort(sort, 'change'), { by: 'change', order: 'desc' })
})

test('sorts prices, changes and volumes as numbers and names by letters', () => {
  assert.equal(symbols(sortMarket(COINS, { by: 'price', order: 'desc' }).slice(0, 3)), ['BTC', 'BNB', 'XMR'])
  assert.equal(symbols(sortMarket(COINS, { by: 'price', order: 'asc' }).slice(0, 2)), ['BCN', 'NEM'])
  assert.equal(symbols(sortMarket(COINS, { by: 'change', order: 'desc' }).slice(0, 2)), ['NEM', 'DCR'])
  assert.equal(symbols(sortMarket(COINS, { by: 'volume', order: 'desc' }).slice(0, 1)), ['BTC'])
  assert.equal(symbols(sortMarket(COINS, { by: 'name', order: 'asc' }).slice(0, 3)), ['BNB', 'BTC', 'BCN'])
  assert.equal(symbols(sortMarket(COINS, null)), symbols(COINS))
})

test('ties keep their first order, whichever way', () => {
  const rows = [
    { symbol: 'BTC', name: 'A', price: 1, change: 0, volume: 0 },
    { symbol: 'TRX', name: 'B', price: 1, change: 0, volume: 0 },
  ] as const satisfies readonly MarketRow[]
  assert.equal(symbols(sortMarket(rows, { by: 'price', order: 'desc' })), ['BTC', 'TRX'])
  assert.equal(symbols(sortMarket(rows, { by: 'price', order: 'asc' })), ['BTC', 'TRX'])
})

test.run()
