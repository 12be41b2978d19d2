import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { STOCK } from '../../../../src/demo/tables/stock'
import { INITIAL_TABLE, sortRows, tableView, withPerPage, withRowShown, withSort } from '../../../../src/demo/tables/table-view'

const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name)

test('any table sorts by its columns, numbers as numbers and text by its letters', () => {
  assert.equal(names(sortRows(STOCK, { by: 'price', order: 'desc' }).slice(0, 2)), ['Lobby kiosk K2', 'Counter kiosk K1'])
  assert.equal(names(sortRows(STOCK, { by: 'quantity', order: 'asc' }).slice(0, 2)), ['Vibration sensor V2', 'Lobby kiosk K2'])
  assert.equal(names(sortRows([{ name: 'b' }, { name: 'A' }, { name: 'a' }], { by: 'name', order: 'asc' })), ['A', 'a', 'b'], 'case aside, ties in order')
  assert.equal(sortRows([{ n: 10 }, { n: 9 }], { by: 'n', order: 'asc' }), [{ n: 9 }, { n: 10 }], 'not as text, where 10 comes before 9')
})

test('the page that shows a row: the one it sorts onto, at the chosen size', () => {
  const byPrice = withSort(INITIAL_TABLE, 'price')
  // By price, highest first, the cheapest (Door sensor D1, id 6) is last: the 12th, on page 3 of 5 rows.
  assert.is(withRowShown(STOCK, byPrice, 6).page, 2)
  assert.is(withRowShown(STOCK, withPerPage(byPrice, 10), 6).page, 1)
  assert.is(withRowShown(STOCK, byPrice, 10).page, 0)
  assert.is(withRowShown(STOCK, INITIAL_TABLE, 12).page, 2)
  const state = { ...byPrice, page: 1 }
  assert.is(withRowShown(STOCK, state, 404), state, 'a row that is not there changes nothing')
  const shown = tableView(STOCK, withRowShown(STOCK, byPrice, 6))
  assert.ok(shown.rows.some((row) => row.id === 6))
})

test.run()
