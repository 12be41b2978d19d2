import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { COIN_SYMBOLS, COINS, coinOf, isCoinSymbol, priceSeries, SERIES_POINTS, seriesTimes } from '../../../../src/demo/crypto/coins'

test("the coin list is SPEC.md's 16 symbols, in its order", () => {
  const spec = ['BNB', 'BTC', 'BCN', 'ADA', 'DCR', 'ICX', 'IOTA', 'LTC', 'XMR', 'NANO', 'NEM', 'PPT', 'XRP', 'XLM', 'STRAT', 'TRX']
  assert.equal(
    COINS.map((coin) => coin.symbol),
    spec,
  )
  assert.equal([...COIN_SYMBOLS], spec)
})

test('every coin card has a name, a price above 0, a change and a day of prices ending at its price', () => {
  for (const coin of COINS) {
    assert.ok(coin.name, coin.symbol)
    assert.ok(coin.price > 0, coin.symbol)
    assert.type(coin.change, 'number')
    assert.is(coin.series.length, SERIES_POINTS, coin.symbol)
    assert.is(coin.series.at(-1), coin.price, coin.symbol)
    assert.ok(
      coin.series.every((value) => value > 0),
      coin.symbol,
    )
  }
})

test('a series starts where the change began and is the same on every load', () => {
  const series = priceSeries(110, 10, 7)
  assert.is(series[0], 100)
  assert.is(series.at(-1), 110)
  assert.equal(priceSeries(110, 10, 7), series)
  assert.not.equal(priceSeries(110, 10, 8), series)
})

test('finds a coin by symbol and tells a symbol from other text', () => {
  assert.is(coinOf('TRX').name, 'TRON')
  assert.ok(isCoinSymbol('BTC'))
  assert.not.ok(isCoinSymbol('ETH'))
  assert.not.ok(isCoinSymbol('btc'))
})

test("the series' times are the last 24 hours, an hour apart, the last at the start of this hour", () => {
  const now = new Date(Date.UTC(2026, 2, 4, 10, 42, 17))
  const times = seriesTimes(now)
  assert.is(times.length, 24)
  assert.is(times.at(-1), Date.UTC(2026, 2, 4, 10) / 1000)
  assert.is(times[0], Date.UTC(2026, 2, 3, 11) / 1000)
})

test.run()
