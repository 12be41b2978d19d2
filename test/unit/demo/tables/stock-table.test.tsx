import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/ui/console-texts'
import { StockTable } from '../../../../src/demo/tables/stock-table'
import '../../../../src/demo/tables/texts'
import { cleanup, fireEvent, page, render, waitFor, within } from '../../ui/testing'

test.after.each(() => cleanup())

const open = () => {
  render(<StockTable />)
  return within(page().getByRole('region', { name: 'Devices in stock' }))
}
const rowNames = (table: ReturnType<typeof open>) => table.getAllByRole('rowheader').map((cell) => cell.textContent)
const cells = (table: ReturnType<typeof open>, name: string) =>
  within(table.getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent)
/** What describes `element`: its error, if any, then the hint. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' | ')
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

test('shows 5 rows of 12, pages by its own choice of 5, 10 or 25', () => {
  const table = open()
  assert.equal(rowNames(table), ['EdgeBox 300', 'EdgeBox 500 LTE', 'Uplink R2', 'Mesh Node M1', 'Climate sensor T4'])
  assert.equal(cells(table, 'Uplink R2').slice(0, 3), ['Router', '15', '$189.90'])
  assert.is(table.getByRole('status').textContent, '1–5 of 12')
  fireEvent.change(table.getByRole('combobox', { name: 'Devices per page' }), { target: { value: '25' } })
  assert.is(rowNames(table).length, 12)
})

test('adds a row: its fields are checked on Save, Enter saves, and the table goes to its page', () => {
  const table = open()
  fireEvent.click(table.getByRole('button', { name: 'Add device' }))
  const name = table.getByRole('textbox', { name: 'Name' })
  assert.is(document.activeElement, name)
  assert.ok((table.getByRole('button', { name: 'Add device' }) as HTMLButtonElement).disabled, 'one edit at a time')
  type(table.getByRole('textbox', { name: 'Quantity' }), '2.5')
  type(table.getByRole('textbox', { name: 'Unit price' }), '-3')
  fireEvent.click(table.getByRole('button', { name: 'Save' }))
  assert.is(descriptionOf(name), 'Required | Enter saves, Esc cancels.')
  assert.is(descriptionOf(table.getByRole('textbox', { name: 'Quantity' })), 'A whole number of at least 0 | Enter saves, Esc cancels.')
  assert.is(descriptionOf(table.getByRole('textbox', { name: 'Unit price' })), 'A price of at least 0, such as 12.50 | Enter saves, Esc cancels.')
  type(name, 'Edge probe X1')
  assert.is(name.getAttribute('aria-invalid'), null, 'a fixed field loses its error at once')
  fireEvent.change(table.getByRole('combobox', { name: 'Category' }), { target: { value: 'sensor' } })
  type(table.getByRole('textbox', { name: 'Quantity' }), '4')
  type(table.getByRole('textbox', { name: 'Unit price' }), '19.90')
  fireEvent.keyDown(table.getByRole('textbox', { name: 'Unit price' }), { key: 'Enter' })
  assert.is(table.queryByRole('textbox', { name: 'Name' }), null)
  assert.equal(cells(table, 'Edge probe X1').slice(0, 3), ['Sensor', '4', '$19.90'])
  assert.is(table.getByRole('status').textContent, '11–13 of 13')
  assert.ok(table.getByText('Edge probe X1 added.'))
})

test('edits a row in place: Esc leaves it as it was, Save keeps the change', () => {
  const table = open()
  fireEvent.click(table.getByRole('button', { name: 'Edit Uplink R2' }))
  const quantity = table.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement
  assert.is(quantity.value, '15')
  type(quantity, '99')
  fireEvent.keyDown(quantity, { key: 'Escape' })
  assert.equal(cells(table, 'Uplink R2').slice(0, 3), ['Router', '15', '$189.90'])
  assert.is(document.activeElement, table.getByRole('button', { name: 'Edit Uplink R2' }), 'the keyboard is back where it was')
  fireEvent.click(table.getByRole('button', { name: 'Edit Uplink R2' }))
  type(table.getByRole('textbox', { name: 'Name' }), 'Uplink R3')
  type(table.getByRole('textbox', { name: 'Quantity' }), '')
  fireEvent.click(table.getByRole('button', { name: 'Save' }))
  assert.is(descriptionOf(table.getByRole('textbox', { name: 'Quantity' })), 'Required | Enter saves, Esc cancels.')
  type(table.getByRole('textbox', { name: 'Quantity' }), '0')
  fireEvent.click(table.getByRole('button', { name: 'Save' }))
  assert.equal(cells(table, 'Uplink R3').slice(0, 3), ['Router', '0', '$189.90'])
  assert.is(table.queryByRole('rowheader', { name: 'Uplink R2' }), null)
  assert.is(rowNames(table).length, 5)
})

test('deletes a row only once confirmed', async () => {
  const table = open()
  fireEvent.click(table.getByRole('button', { name: 'Delete EdgeBox 300' }))
  let dialog = within(page().getByRole('dialog', { name: 'Delete EdgeBox 300?' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
  assert.is(page().queryByRole('dialog'), null)
  assert.ok(table.getByRole('rowheader', { name: 'EdgeBox 300' }))
  fireEvent.click(table.getByRole('button', { name: 'Delete EdgeBox 300' }))
  dialog = within(page().getByRole('dialog', { name: 'Delete EdgeBox 300?' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Delete' }))
  assert.is(table.queryByRole('rowheader', { name: 'EdgeBox 300' }), null)
  assert.is(table.getByRole('status').textContent, '1–5 of 11')
  await waitFor(() => assert.is(document.activeElement, table.getByRole('button', { name: 'Add device' })))
})

test('sorts its number columns, descending first', () => {
  const table = open()
  fireEvent.click(table.getByRole('button', { name: 'Unit price' }))
  assert.is(table.getByRole('columnheader', { name: /Unit price/ }).getAttribute('aria-sort'), 'descending')
  assert.equal(rowNames(table).slice(0, 2), ['Lobby kiosk K2', 'Counter kiosk K1'])
  fireEvent.click(table.getByRole('button', { name: 'Quantity' }))
  fireEvent.click(table.getByRole('button', { name: 'Quantity' }))
  assert.equal(rowNames(table).slice(0, 1), ['Vibration sensor V2'])
})

test.run()
