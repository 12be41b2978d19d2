import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import TablesScreen, { NutritionTable } from '../../../../src/demo/tables/tables-screen'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

const rowNames = () => page().getAllByRole('rowheader').map((cell) => cell.textContent)

test('a column sorts descending on the first click and ascending on the second, told by aria-sort', () => {
  render(<NutritionTable />)
  const view = page()
  assert.equal(rowNames(), ['Cupcake', 'Donut', 'Eclair', 'Frozen yoghurt', 'Gingerbread'])
  fireEvent.click(view.getByRole('button', { name: 'Calories' }))
  const header = view.getByRole('columnheader', { name: /Calories/ })
  assert.is(header.getAttribute('aria-sort'), 'descending')
  assert.equal(rowNames().slice(0, 2), ['KitKat', 'Donut'])
  fireEvent.click(view.getByRole('button', { name: 'Calories' }))
  assert.is(header.getAttribute('aria-sort'), 'ascending')
  assert.equal(rowNames().slice(0, 2), ['Frozen yoghurt', 'Ice cream sandwich'])
})

test('search shows every match; clearing it brings back 5 rows and the page size', () => {
  render(<NutritionTable />)
  const view = page()
  fireEvent.change(view.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '10' } })
  assert.is(rowNames().length, 10)
  fireEvent.change(view.getByRole('searchbox', { name: 'Search desserts' }), { target: { value: 'o' } })
  assert.is(view.queryByRole('combobox', { name: 'Rows per page' }), null)
  assert.is(rowNames().length, Number(view.getByRole('status').textContent!.split(' of ')[1]))
  fireEvent.change(view.getByRole('searchbox', { name: 'Search desserts' }), { target: { value: '' } })
  assert.is(rowNames().length, 5)
  assert.is((view.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement).value, '5')
  assert.is(view.getByRole('status').textContent, '1–5 of 13')
})

test('pages forward and back', () => {
  render(<NutritionTable />)
  const view = page()
  const previous = view.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement
  assert.ok(previous.disabled)
  fireEvent.click(view.getByRole('button', { name: 'Next page' }))
  fireEvent.click(view.getByRole('button', { name: 'Next page' }))
  assert.equal(rowNames(), ['Marshmallow', 'Nougat', 'Oreo'])
  assert.ok((view.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled)
  fireEvent.click(previous)
  assert.is(view.getByRole('status').textContent, '6–10 of 13')
})

test('a search that matches nothing says so', () => {
  render(<NutritionTable />)
  fireEvent.change(page().getByRole('searchbox', { name: 'Search desserts' }), { target: { value: 'pizza' } })
  assert.ok(page().getByText('No dessert matches.'))
  assert.is(page().getByRole('status').textContent, '0–0 of 0')
})

test('the page holds the nutrition, stock and tree tables, and only the nutrition table names its page size Rows per page', () => {
  render(<TablesScreen />)
  const view = page()
  assert.ok(view.getByRole('table', { name: 'Nutrition facts of desserts, per 100 g serving' }))
  assert.ok(view.getByRole('table', { name: 'Devices in stock, with their quantity and unit price' }))
  assert.ok(view.getByRole('treegrid', { name: 'Sites, racks and devices' }))
  // The end-to-end test finds it by a name that other choices must not contain.
  assert.is(view.getAllByRole('combobox', { name: /rows per page/i }).length, 1)
  assert.is(view.getAllByRole('searchbox', { name: /search desserts/i }).length, 1)
})

test.run()
