/**
 * What the demo tables share: their size constants, sorting, search and paging. A table's rows
 * have an id and a name, which the search looks in; `C` are the columns it sorts by.
 */

/** The demo tables' rows are 49 px high and show 5, 10 or 25 to a page. */
export const ROW_HEIGHT = 49
export const ROWS_PER_PAGE = [5, 10, 25] as const
export const DEFAULT_ROWS = ROWS_PER_PAGE[0]

export interface NamedRow {
  id: number
  name: string
}

export interface Sort<C extends string> {
  by: C
  order: 'asc' | 'desc'
}

/** The first click on a column sorts it descending; a repeat click toggles. */
export function nextSort<C extends string>(current: Sort<C> | null, column: C): Sort<C> {
  if (current?.by !== column) return { by: column, order: 'desc' }
  return { by: column, order: current.order === 'desc' ? 'asc' : 'desc' }
}

/** Numbers as numbers, anything else by its letters, whatever their case. */
const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' })

/** The rows in the order `sort` asks for (ties keep their order); unsorted, as given. */
export function sortRows<R, C extends keyof R & string>(rows: readonly R[], sort: Sort<C> | null): R[] {
  if (!sort) return [...rows]
  const sign = sort.order === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row[sort.by], b.row[sort.by]) || a.index - b.index)
    .map(({ row }) => row)
}

export interface TableState<C extends string> {
  sort: Sort<C> | null
  query: string
  /** Rows to a page; `'all'` while a search shows every match. */
  perPage: number | 'all'
  /** From 0. */
  page: number
}

export const INITIAL_TABLE: TableState<never> = { sort: null, query: '', perPage: DEFAULT_ROWS, page: 0 }

/** A search shows all its rows; an empty search restores the default page size. */
export function withQuery<C extends string>(state: TableState<C>, query: string): TableState<C> {
  return { ...state, query, page: 0, perPage: query.trim() ? 'all' : DEFAULT_ROWS }
}

export const withSort = <C extends string>(state: TableState<C>, column: C): TableState<C> => ({ ...state, sort: nextSort(state.sort, column), page: 0 })
export const withPerPage = <C extends string>(state: TableState<C>, perPage: number): TableState<C> => ({ ...state, perPage, page: 0 })

/** The rows that match the search, in the chosen order, and how many go to a page. */
function matching<R extends NamedRow, C extends keyof R & string>(rows: readonly R[], state: TableState<C>) {
  const needle = state.query.trim().toLowerCase()
  const matches = sortRows(needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows, state.sort)
  return { matches, size: state.perPage === 'all' ? Math.max(matches.length, 1) : state.perPage }
}

/** What the table shows: the page's rows, the matches in all, and where the page starts and ends. */
export function tableView<R extends NamedRow, C extends keyof R & string>(rows: readonly R[], state: TableState<C>) {
  const { matches, size } = matching(rows, state)
  const pages = Math.max(1, Math.ceil(matches.length / size))
  const page = Math.min(Math.max(state.page, 0), pages - 1)
  const shown = matches.slice(page * size, page * size + size)
  return { rows: shown, total: matches.length, page, pages, from: shown.length ? page * size + 1 : 0, to: page * size + shown.length }
}

/** The state on the page that shows row `id` (one just added or saved), else as it was. */
export function withRowShown<R extends NamedRow, C extends keyof R & string>(rows: readonly R[], state: TableState<C>, id: number): TableState<C> {
  const { matches, size } = matching(rows, state)
  const index = matches.findIndex((row) => row.id === id)
  return index < 0 ? state : { ...state, page: Math.floor(index / size) }
}
