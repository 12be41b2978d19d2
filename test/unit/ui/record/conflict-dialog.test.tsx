import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/ui/console-texts'
import { ConflictDialog, type ConflictRow } from '../../../../src/ui/record/conflict-dialog'
import { cleanup, fireEvent, page, render, within } from '../testing'

test.after.each(() => cleanup())

const createRow = (overrides: Partial<ConflictRow> = {}): ConflictRow => ({ label: 'Name', mine: 'gate-1', theirs: 'gate-1', ...overrides })

/** The dialog over `rows`; each button's handler pushes its name to `calls`. */
function renderDialog(rows: ConflictRow[], calls: string[] = [], busy = false) {
  render(
    <ConflictDialog
      open
      rows={rows}
      busy={busy}
      onKeepMine={() => calls.push('keep mine')}
      onTakeTheirs={() => calls.push('take theirs')}
      onClose={() => calls.push('close')}
    />,
  )
  const dialog = page().getByRole('dialog', { name: 'Someone else changed this' })
  return {
    dialog,
    /** The table as the user reads it: each row's cells, header first. */
    table: () =>
      within(dialog)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent)),
    click: (name: string) => fireEvent.click(within(dialog).getByRole('button', { name })),
  }
}

test('lists only the fields that differ, with the user’s value beside the current one', () => {
  const { table } = renderDialog([
    createRow({ label: 'Name' }),
    createRow({ label: 'Location', mine: 'Hall A', theirs: 'Hall B' }),
    createRow({ label: 'Tags', mine: 'north, roof', theirs: 'north' }),
  ])
  assert.equal(table(), [
    ['Field', 'Your values', 'Current values'],
    ['Location', 'Hall A', 'Hall B'],
    ['Tags', 'north, roof', 'north'],
  ])
})

test('shows an empty value as a dash', () => {
  const { table } = renderDialog([createRow({ label: 'Location', mine: '', theirs: 'Hall B' })])
  assert.equal(table()[1], ['Location', '—', 'Hall B'])
})

test('lists every field when none differs', () => {
  const { table } = renderDialog([createRow({ label: 'Name' }), createRow({ label: 'Model', mine: 'X1', theirs: 'X1' })])
  assert.equal(table().slice(1), [
    ['Name', 'gate-1', 'gate-1'],
    ['Model', 'X1', 'X1'],
  ])
})

test('keep mine, take theirs and cancel each call their own handler', () => {
  const calls: string[] = []
  const { click } = renderDialog([createRow({ mine: 'a', theirs: 'b' })], calls)
  click('Keep mine')
  click('Take theirs')
  click('Cancel')
  assert.equal(calls, ['keep mine', 'take theirs', 'close'])
})

test('puts the focus on take theirs, so Enter never overwrites by accident', () => {
  const { dialog } = renderDialog([createRow({ mine: 'a', theirs: 'b' })])
  assert.is(document.activeElement, within(dialog).getByRole('button', { name: 'Take theirs' }))
})

test('disables keep mine while it saves', () => {
  const calls: string[] = []
  const { dialog, click } = renderDialog([createRow({ mine: 'a', theirs: 'b' })], calls, true)
  const keep = within(dialog).getByRole('button', { name: 'Keep mine' }) as HTMLButtonElement
  assert.ok(keep.disabled)
  click('Keep mine')
  assert.equal(calls, [])
})

test('shows nothing while closed', () => {
  render(<ConflictDialog open={false} rows={[createRow()]} onKeepMine={() => undefined} onTakeTheirs={() => undefined} onClose={() => undefined} />)
  assert.is(page().queryByRole('dialog'), null)
})

test.run()
