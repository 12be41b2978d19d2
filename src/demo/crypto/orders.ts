import type { CoinSymbol } from './coins'
import type { Side } from './trade'

/** An order row of the book: who wants to buy or sell how much at what price. */
export interface OrderRow {
  id: number
  side: Side
  /** Dollars a coin. */
  price: number
  /** Coins. */
  amount: number
}

/** The book's coin: the order rows are BTC's. */
export const BOOK_SYMBOL: CoinSymbol = 'BTC'

/** The demo's made-up order book around BTC's made-up price. */
export const ORDER_ROWS: readonly OrderRow[] = [
  { id: 1, side: 'sell', price: 64_236.0, amount: 0.42 },
  { id: 2, side: 'buy', price: 64_198.25, amount: 0.18 },
  { id: 3, side: 'sell', price: 64_251.75, amount: 1.05 },
  { id: 4, side: 'buy', price: 64_185.0, amount: 0.6 },
  { id: 5, side: 'sell', price: 64_219.5, amount: 0.075 },
  { id: 6, side: 'buy', price: 64_207.0, amount: 0.31 },
  { id: 7, side: 'sell', price: 64_288.0, amount: 2.4 },
  { id: 8, side: 'buy', price: 64_150.5, amount: 1.2 },
  { id: 9, side: 'sell', price: 64_270.25, amount: 0.5 },
  { id: 10, side: 'buy', price: 64_172.75, amount: 0.045 },
]

/**
 * The book as a trader reads it: the bids best (highest) first, the asks best (lowest) first,
 * and the spread between the best of each (null while a side is empty).
 */
export function orderBook(rows: readonly OrderRow[]) {
  const bids = rows.filter((row) => row.side === 'buy').sort((a, b) => b.price - a.price)
  const asks = rows.filter((row) => row.side === 'sell').sort((a, b) => a.price - b.price)
  const spread = bids[0] && asks[0] ? Math.round((asks[0].price - bids[0].price) * 100) / 100 : null
  return { bids, asks, spread }
}
