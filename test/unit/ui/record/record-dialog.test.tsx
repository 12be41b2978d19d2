import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/ui/console-texts'
import { TextField } from '../../../../src/ui/fields'
import { RecordDialog } from '../../../../src/ui/record/record-dialog'
import { useForm } from '../../../../src/ui/use-form'
import { cleanup, fireEvent, page, render, waitFor, within } from '../testing'

test.after.each(() => cleanup())

/** A one-field record dialog; each close is pushed to `closed`. */
function renderDialog(closed: string[]) {
  function Editor() {
    const form = useForm({ name: 'gate-1' }, () => ({}), () => {})
    const save = { saving: false, message: null, conflict: false, rows: [], dirty: form.dirty, keepMine() {}, takeTheirs() {}, closeConflict() {} }
    return (
      <RecordDialog title="Edit gate-1" submitLabel="Save" save={save} onSubmit={form.submit} onClose={() => closed.push('closed')}>
        <TextField label="Name" {...form.text('name')} />
      </RecordDialog>
    )
  }
  render(<Editor />)
  const dialog = () => page().getByRole('dialog', { name: 'Edit gate-1' })
  return {
    type: (value: string) => fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value } }),
    escape: () => fireEvent.keyDown(dialog(), { key: 'Escape' }),
    asking: () => page().queryByRole('dialog', { name: 'Discard changes?' }),
    click: (name: string) => fireEvent.click(page().getByRole('button', { name })),
  }
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

test('closes an untouched dialog at once, and a reload does not ask', () => {
  const closed: string[] = []
  const editor = renderDialog(closed)
  assert.is(leaving(), false)
  editor.escape()
  assert.equal(closed, ['closed'])
  assert.is(editor.asking(), null)
})

test('asks before a changed dialog is closed; Keep editing keeps what was typed', async () => {
  const closed: string[] = []
  const editor = renderDialog(closed)
  editor.type('gate-2')
  editor.escape()
  await waitFor(() => assert.ok(editor.asking()))
  editor.click('Keep editing')
  assert.is(editor.asking(), null)
  assert.equal(closed, [])
  assert.is((page().getByLabelText('Name') as HTMLInputElement).value, 'gate-2')
  // The Cancel under the form; the title bar's close button has the same name.
  fireEvent.click(within(page().getByRole('dialog', { name: 'Edit gate-1' })).getAllByRole('button', { name: 'Cancel' }).at(-1)!)
  await waitFor(() => assert.ok(editor.asking()))
  editor.click('Discard')
  assert.equal(closed, ['closed'])
})

test('asks the browser to confirm a reload while the dialog is changed', () => {
  const editor = renderDialog([])
  editor.type('gate-2')
  assert.is(leaving(), true)
  editor.type('gate-1')
  assert.is(leaving(), false)
})

test.run()
