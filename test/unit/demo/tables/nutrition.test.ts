import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DESSERTS, type Dessert } from '../../../../src/demo/tables/nutrition'
import {
  DEFAULT_ROWS,
  INITIAL_TABLE,
  nextSort,
  ROW_HEIGHT,
  ROWS_PER_PAGE,
  sortRows,
  tableView,
  withPerPage,
  withQuery,
  withSort,
} from '../../../../src/demo/tables/table-view'

const names = (rows: readonly Dessert[]) => rows.map((row) => row.name)

test('the constants of SPEC.md: 49 px rows, 5, 10 or 25 to a page, 5 at first', () => {
  assert.is(ROW_HEIGHT, 49)
  assert.equal([...ROWS_PER_PAGE], [5, 10, 25])
  assert.is(DEFAULT_ROWS, 5)
  assert.is(INITIAL_TABLE.perPage, 5)
})

test('the first click on a column sorts it descending; a repeat toggles; another column starts descending again', () => {
  let sort = nextSort(null, 'calories')
  assert.equal(sort, { by: 'calories', order: 'desc' })
  sort = nextSort(sort, 'calories')
  assert.equal(sort, { by: 'calories', order: 'asc' })
  sort = nextSort(sort, 'calories')
  assert.equal(sort, { by: 'calories', order: 'desc' })
  assert.equal(nextSort(nextSort(sort, 'calories'), 'fat'), { by: 'fat', order: 'desc' })
})

test('sorts numbers as numbers and names by letters, ties in their first order', () => {
  assert.equal(names(sortRows(DESSERTS, { by: 'calories', order: 'desc' }).slice(0, 3)), ['KitKat', 'Donut', 'Oreo'])
  assert.equal(names(sortRows(DESSERTS, { by: 'calories', order: 'asc' }).slice(0, 2)), ['Frozen yoghurt', 'Ice cream sandwich'])
  assert.equal(names(sortRows(DESSERTS, { by: 'name', order: 'desc' }).slice(0, 2)), ['Oreo', 'Nougat'])
  // Eclair and Frozen yoghurt both have 24 g of carbs: Eclair came first and stays first.
  const carbs = names(sortRows(DESSERTS, { by: 'carbs', order: 'asc' }))
  assert.ok(carbs.indexOf('Eclair') < carbs.indexOf('Frozen yoghurt'))
  assert.equal(names(sortRows(DESSERTS, null)), names(DESSERTS))
})

test('pages through the rows 5 at a time, and by the chosen size', () => {
  const first = tableView(DESSERTS, INITIAL_TABLE)
  assert.equal([first.rows.length, first.from, first.to, first.total, first.pages], [5, 1, 5, 13, 3])
  const last = tableView(DESSERTS, { ...INITIAL_TABLE, page: 2 })
  assert.equal([last.rows.length, last.from, last.to], [3, 11, 13])
  const ten = tableView(DESSERTS, withPerPage({ ...INITIAL_TABLE, page: 2 }, 10))
  assert.equal([ten.rows.length, ten.page, ten.pages], [10, 0, 2])
})

test('a search shows all its rows; an empty search restores the default page size', () => {
  const many = DESSERTS.flatMap((row) => [row, { ...row, id: row.id + 100, name: `${row.name} deluxe` }])
  let state = withPerPage(INITIAL_TABLE, 25)
  state = withQuery(state, 'E')
  assert.is(state.perPage, 'all')
  const found = tableView(many, state)
  assert.is(found.rows.length, found.total, 'every match on one page')
  assert.ok(found.total > 5)
  assert.ok(names(found.rows).every((name) => name.toLowerCase().includes('e')))
  state = withQuery(state, '   ')
  assert.is(state.perPage, DEFAULT_ROWS, 'the default size, not the 25 chosen before')
  assert.is(tableView(many, state).rows.length, 5)
})

test('a search that matches nothing shows nothing, from 0 to 0', () => {
  const none = tableView(DESSERTS, withQuery(INITIAL_TABLE, 'pizza'))
  assert.equal([none.rows.length, none.total, none.from, none.to], [0, 0, 0, 0])
})

test('sorting goes back to the first page', () => {
  const state = withSort({ ...INITIAL_TABLE, page: 2 }, 'protein')
  assert.is(state.page, 0)
  assert.equal(names(tableView(DESSERTS, state).rows.slice(0, 1)), ['Nougat'])
})

test.run()
