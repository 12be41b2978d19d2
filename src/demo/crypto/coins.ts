/** The coins the demos offer, in this order. */
export const COIN_SYMBOLS = ['BNB', 'BTC', 'BCN', 'ADA', 'DCR', 'ICX', 'IOTA', 'LTC', 'XMR', 'NANO', 'NEM', 'PPT', 'XRP', 'XLM', 'STRAT', 'TRX'] as const
export type CoinSymbol = (typeof COIN_SYMBOLS)[number]

/** A coin card: what the demos show of a coin. */
export interface Coin {
  symbol: CoinSymbol
  name: string
  /** Dollars, made up. */
  price: number
  /** Percent over the last 24 hours. */
  change: number
  /** Dollars traded over the last 24 hours. */
  volume: number
  /** The price hour by hour over the last 24 hours, oldest first, ending at `price`. */
  series: readonly number[]
}

/** Hours in a coin's series. */
export const SERIES_POINTS = 24

/** A small seeded generator, so the made-up series are the same on every load. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let n = Math.imul(state ^ (state >>> 15), 1 | state)
    n ^= n + Math.imul(n ^ (n >>> 7), 61 | n)
    return ((n ^ (n >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A day of made-up hourly prices that starts where a `change` percent rise (or fall) began and
 * ends at `price`, wobbling up to 0.6 % of the price on the way.
 */
export function priceSeries(price: number, change: number, seed: number, points = SERIES_POINTS): number[] {
  const random = seeded(seed)
  const start = price / (1 + change / 100)
  return Array.from({ length: points }, (_, i) => {
    if (i === points - 1) return price
    const wobble = i === 0 ? 0 : (random() - 0.5) * 0.012 * price
    return Number((start + ((price - start) * i) / (points - 1) + wobble).toPrecision(6))
  })
}

type CoinFacts = Omit<Coin, 'series'>

// Made-up prices and volumes: no market was asked.
const FACTS: readonly CoinFacts[] = [
  { symbol: 'BNB', name: 'Binance Coin', price: 582.4, change: 1.84, volume: 1_412_000_000 },
  { symbol: 'BTC', name: 'Bitcoin', price: 64_210.5, change: 2.41, volume: 28_400_000_000 },
  { symbol: 'BCN', name: 'Bytecoin', price: 0.0012, change: -3.12, volume: 2_150_000 },
  { symbol: 'ADA', name: 'Cardano', price: 0.4521, change: -0.87, volume: 388_000_000 },
  { symbol: 'DCR', name: 'Decred', price: 17.36, change: 4.05, volume: 9_800_000 },
  { symbol: 'ICX', name: 'ICON', price: 0.1834, change: -2.26, volume: 7_300_000 },
  { symbol: 'IOTA', name: 'IOTA', price: 0.2217, change: 0.63, volume: 14_600_000 },
  { symbol: 'LTC', name: 'Litecoin', price: 81.92, change: -1.15, volume: 402_000_000 },
  { symbol: 'XMR', name: 'Monero', price: 164.08, change: 3.27, volume: 96_000_000 },
  { symbol: 'NANO', name: 'Nano', price: 1.0415, change: -0.42, volume: 3_900_000 },
  { symbol: 'NEM', name: 'NEM', price: 0.0318, change: 5.91, volume: 11_200_000 },
  { symbol: 'PPT', name: 'Populous', price: 0.0975, change: -6.48, volume: 640_000 },
  { symbol: 'XRP', name: 'XRP', price: 0.5236, change: 1.02, volume: 1_120_000_000 },
  { symbol: 'XLM', name: 'Stellar', price: 0.1092, change: 0.38, volume: 87_000_000 },
  { symbol: 'STRAT', name: 'Stratis', price: 0.6841, change: -1.93, volume: 1_800_000 },
  { symbol: 'TRX', name: 'TRON', price: 0.1187, change: 2.74, volume: 298_000_000 },
]

/** The demos' coin cards, in the order of `COIN_SYMBOLS`. */
export const COINS: readonly Coin[] = FACTS.map((facts, i) => ({ ...facts, series: priceSeries(facts.price, facts.change, i + 1) }))

/** The coin of `symbol` (every symbol of COIN_SYMBOLS has one). */
export const coinOf = (symbol: CoinSymbol): Coin => COINS.find((coin) => coin.symbol === symbol)!

export const isCoinSymbol = (value: string): value is CoinSymbol => (COIN_SYMBOLS as readonly string[]).includes(value)

export const HOUR_SECONDS = 3600

/** When each point of a coin's series was taken: every hour, the last at the start of `now`'s hour. */
export function seriesTimes(now: Date, points = SERIES_POINTS): number[] {
  const last = Math.floor(now.getTime() / 1000 / HOUR_SECONDS) * HOUR_SECONDS
  return Array.from({ length: points }, (_, i) => last - (points - 1 - i) * HOUR_SECONDS)
}
