import type { Coin } from './coins'

/** A marketplace row: a coin's price, change and volume. */
export type MarketRow = Pick<Coin, 'symbol' | 'name' | 'price' | 'change' | 'volume'>

export type MarketColumn = 'name' | 'price' | 'change' | 'volume'
export const MARKET_COLUMNS: readonly MarketColumn[] = ['name', 'price', 'change', 'volume']

export interface MarketSort {
  by: MarketColumn
  order: 'asc' | 'desc'
}

/**
 * The first click on a column sorts it descending; a repeat click toggles.
 * The nutrition table's `nextSort` is typed to its dessert columns, so the marketplace has its own.
 */
export function nextMarketSort(current: MarketSort | null, column: MarketColumn): MarketSort {
  if (current?.by !== column) return { by: column, order: 'desc' }
  return { by: column, order: current.order === 'desc' ? 'asc' : 'desc' }
}

const compare = (a: MarketRow, b: MarketRow, by: MarketColumn) =>
  by === 'name' ? a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) : a[by] - b[by]

/** The rows in the order `sort` asks for (ties keep their order); unsorted, as given. */
export function sortMarket<R extends MarketRow>(rows: readonly R[], sort: MarketSort | null): R[] {
  if (!sort) return [...rows]
  const sign = sort.order === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row, sort.by) || a.index - b.index)
    .map(({ row }) => row)
}
