import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addRow, changeRow, CURRENCY, INVOICE, invoiceTotal, readPrice, readQty, rowAmount, type InvoiceRow } from '../../../../src/demo/invoice/invoice'

const ROWS: InvoiceRow[] = [
  { id: 1, item: 'A', desc: '', price: 0.1, qty: 1 },
  { id: 2, item: 'B', desc: '', price: 0.2, qty: 1 },
]

test('a row is price times quantity; the total is the sum of the rows, in whole cents', () => {
  assert.is(CURRENCY, 'USD')
  assert.is(rowAmount({ id: 1, item: '', desc: '', price: 899.5, qty: 2 }), 1799)
  assert.is(invoiceTotal(ROWS), 0.3, 'no floating drift: 0.1 + 0.2')
  assert.is(invoiceTotal(INVOICE.dataTable), 249 * 4 + 899.5 * 2 + 85 * 6)
  assert.is(invoiceTotal([]), 0)
})

test('the total recomputes on any row change, added row or removed row', () => {
  let rows = changeRow(ROWS, 2, { qty: 3 })
  assert.is(invoiceTotal(rows), 0.7)
  rows = changeRow(rows, 1, { price: 10 })
  assert.is(invoiceTotal(rows), 10.6)
  rows = addRow(rows)
  assert.equal(rows.at(-1), { id: 3, item: '', desc: '', price: 0, qty: 1 })
  rows = changeRow(rows, 3, { price: 5, qty: 2 })
  assert.is(invoiceTotal(rows), 20.6)
  assert.is(invoiceTotal(rows.filter((row) => row.id !== 1)), 10.6)
  assert.equal(ROWS[1]!.qty, 1, 'the rows given are not changed')
})

test('a price reads as a number of at least 0, a quantity as a whole one', () => {
  assert.is(readPrice('12.5'), 12.5)
  assert.is(readPrice('-3'), 0)
  assert.is(readPrice('abc'), 0)
  assert.is(readPrice(''), 0)
  assert.is(readQty('2.7'), 2)
  assert.is(readQty('-1'), 0)
  assert.is(readQty('Infinity'), 0)
})

test.run()
