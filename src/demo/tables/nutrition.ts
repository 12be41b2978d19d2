/** SPEC.md section 9: the demo tables' rows are 49 px high and show 5, 10 or 25 to a page. */
export const ROW_HEIGHT = 49
export const ROWS_PER_PAGE = [5, 10, 25] as const
export const DEFAULT_ROWS = ROWS_PER_PAGE[0]

export interface Dessert {
  id: number
  name: string
  calories: number
  fat: number
  carbs: number
  protein: number
}

export type Column = 'name' | 'calories' | 'fat' | 'carbs' | 'protein'
export const COLUMNS: readonly Column[] = ['name', 'calories', 'fat', 'carbs', 'protein']

/** The demo's made-up nutrition facts, per 100 g serving. */
export const DESSERTS: readonly Dessert[] = [
  { id: 1, name: 'Cupcake', calories: 305, fat: 3.7, carbs: 67, protein: 4.3 },
  { id: 2, name: 'Donut', calories: 452, fat: 25, carbs: 51, protein: 4.9 },
  { id: 3, name: 'Eclair', calories: 262, fat: 16, carbs: 24, protein: 6 },
  { id: 4, name: 'Frozen yoghurt', calories: 159, fat: 6, carbs: 24, protein: 4 },
  { id: 5, name: 'Gingerbread', calories: 356, fat: 16, carbs: 49, protein: 3.9 },
  { id: 6, name: 'Honeycomb', calories: 408, fat: 3.2, carbs: 87, protein: 6.5 },
  { id: 7, name: 'Ice cream sandwich', calories: 237, fat: 9, carbs: 37, protein: 4.3 },
  { id: 8, name: 'Jelly Bean', calories: 375, fat: 0, carbs: 94, protein: 0 },
  { id: 9, name: 'KitKat', calories: 518, fat: 26, carbs: 65, protein: 7 },
  { id: 10, name: 'Lollipop', calories: 392, fat: 0.2, carbs: 98, protein: 0 },
  { id: 11, name: 'Marshmallow', calories: 318, fat: 0, carbs: 81, protein: 2 },
  { id: 12, name: 'Nougat', calories: 360, fat: 19, carbs: 9, protein: 37 },
  { id: 13, name: 'Oreo', calories: 437, fat: 18, carbs: 63, protein: 4 },
]

export interface Sort {
  by: Column
  order: 'asc' | 'desc'
}

/** SPEC.md section 4: the first click on a column sorts it descending; a repeat click toggles. */
export function nextSort(current: Sort | null, column: Column): Sort {
  if (current?.by !== column) return { by: column, order: 'desc' }
  return { by: column, order: current.order === 'desc' ? 'asc' : 'desc' }
}

const compare = (a: Dessert, b: Dessert, by: Column) =>
  by === 'name' ? a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) : a[by] - b[by]

/** The rows in the order `sort` asks for (ties keep their order); unsorted, as given. */
export function sortRows(rows: readonly Dessert[], sort: Sort | null): Dessert[] {
  if (!sort) return [...rows]
  const sign = sort.order === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row, sort.by) || a.index - b.index)
    .map(({ row }) => row)
}

export interface TableState {
  sort: Sort | null
  query: string
  /** Rows to a page; `'all'` while a search shows every match. */
  perPage: number | 'all'
  /** From 0. */
  page: number
}

export const INITIAL_TABLE: TableState = { sort: null, query: '', perPage: DEFAULT_ROWS, page: 0 }

/** SPEC.md section 4: a search shows all its rows; an empty search restores the default page size. */
export function withQuery(state: TableState, query: string): TableState {
  return { ...state, query, page: 0, perPage: query.trim() ? 'all' : DEFAULT_ROWS }
}

export const withSort = (state: TableState, column: Column): TableState => ({ ...state, sort: nextSort(state.sort, column), page: 0 })
export const withPerPage = (state: TableState, perPage: number): TableState => ({ ...state, perPage, page: 0 })

/** What the table shows: the page's rows, the matches in all, and where the page starts and ends. */
export function tableView(rows: readonly Dessert[], state: TableState) {
  const needle = state.query.trim().toLowerCase()
  const matches = sortRows(needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows, state.sort)
  const size = state.perPage === 'all' ? Math.max(matches.length, 1) : state.perPage
  const pages = Math.max(1, Math.ceil(matches.length / size))
  const page = Math.min(Math.max(state.page, 0), pages - 1)
  const shown = matches.slice(page * size, page * size + size)
  return { rows: shown, total: matches.length, page, pages, from: shown.length ? page * size + 1 : 0, to: page * size + shown.length }
}
