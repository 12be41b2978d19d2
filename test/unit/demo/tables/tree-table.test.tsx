import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/demo/tables/texts'
import { TreeTable } from '../../../../src/demo/tables/tree-table'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

const open = () => {
  render(<TreeTable />)
  return within(page().getByRole('treegrid', { name: 'Sites, racks and devices' }))
}
const shown = (grid: ReturnType<typeof open>) => grid.getAllByRole('row').slice(1).map((row) => row.querySelector('td')!.textContent)
// A treegrid's cells are gridcells to a browser; Testing Library knows them as cells: read them as they are.
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)
const row = (grid: ReturnType<typeof open>, name: string) => grid.getAllByRole('row').find((one) => one.querySelector('td')?.textContent === name)!

test('shows the sites closed, each with the sum of what it holds, one of them in the tab order', () => {
  const grid = open()
  assert.equal(shown(grid), ['Hamburg harbour', 'Berlin HQ', 'Jakarta office'])
  const hamburg = row(grid, 'Hamburg harbour')
  assert.equal([hamburg.getAttribute('aria-level'), hamburg.getAttribute('aria-expanded'), hamburg.getAttribute('aria-posinset'), hamburg.getAttribute('aria-setsize')], ['1', 'false', '1', '3'])
  assert.equal(cellsOf(hamburg), ['Hamburg harbour', 'Site', '103'])
  assert.equal(grid.getAllByRole('row').map((one) => one.tabIndex).slice(1), [0, -1, -1])
})

test('a click opens and closes a row', () => {
  const grid = open()
  fireEvent.click(row(grid, 'Berlin HQ'))
  assert.equal(shown(grid), ['Hamburg harbour', 'Berlin HQ', 'Rack B1', 'Jakarta office'])
  assert.is(row(grid, 'Berlin HQ').getAttribute('aria-expanded'), 'true')
  fireEvent.click(row(grid, 'Rack B1'))
  const kiosk = row(grid, 'Lobby kiosk K2')
  assert.equal([kiosk.getAttribute('aria-level'), kiosk.getAttribute('aria-expanded')], ['3', null])
  assert.equal(cellsOf(kiosk), ['Lobby kiosk K2', 'Device', '95'])
  fireEvent.click(row(grid, 'Berlin HQ'))
  assert.equal(shown(grid), ['Hamburg harbour', 'Berlin HQ', 'Jakarta office'])
})

test('the arrow keys open, close and move the focus', () => {
  const grid = open()
  const hamburg = row(grid, 'Hamburg harbour')
  hamburg.focus()
  fireEvent.keyDown(hamburg, { key: 'ArrowRight' })
  assert.is(hamburg.getAttribute('aria-expanded'), 'true')
  fireEvent.keyDown(hamburg, { key: 'ArrowRight' })
  assert.is(document.activeElement, row(grid, 'Rack A1'))
  assert.is(row(grid, 'Rack A1').tabIndex, 0)
  assert.is(hamburg.tabIndex, -1)
  fireEvent.keyDown(row(grid, 'Rack A1'), { key: 'ArrowDown' })
  assert.is(document.activeElement, row(grid, 'Rack A2'))
  fireEvent.keyDown(row(grid, 'Rack A2'), { key: 'ArrowLeft' })
  assert.is(document.activeElement, hamburg)
  fireEvent.keyDown(hamburg, { key: 'ArrowLeft' })
  assert.equal(shown(grid), ['Hamburg harbour', 'Berlin HQ', 'Jakarta office'])
})

test.run()
