import '../../setup'
import { useState } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Result } from '../../../../src/api/client'
import { QUEUED } from '../../../../src/api/collection'
import type { Device } from '../../../../src/contract/devices'
import { messageText } from '../../../../src/lib/i18n'
import { Banner } from '../../../../src/ui/banner'
import '../../../../src/ui/console-texts'
import { CheckboxGroup } from '../../../../src/ui/checkbox-group'
import { TextField } from '../../../../src/ui/fields'
import { ConflictDialog } from '../../../../src/ui/record/conflict-dialog'
import { useRecordSave, type FieldLabel } from '../../../../src/ui/record/use-record-save'
import { useForm, type Form, type FormErrors } from '../../../../src/ui/use-form'
import { createDevice } from '../../contract/factories'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor, within } from '../testing'

test.after.each(() => cleanup())

type Values = { name: string; location: string; tags: readonly string[] }

const toValues = (device: Device): Values => ({ name: device.name, location: device.location, tags: device.tags })
const validate = (values: Values): FormErrors => (values.name ? {} : { name: 'validation.required' })
const fields: FieldLabel<Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'location', label: 'Location' },
  { name: 'tags', label: 'Tags' },
]

const saved = (device: Device): Result<Device> => ({ ok: true, status: 200, data: device })
const conflict = (current: Device): Result<Device> => ({
  ok: false,
  status: 409,
  message: 'Changed by someone else',
  body: { message: 'Changed by someone else', current },
})
const refused = (errors: Record<string, string>, message = 'Check the marked fields'): Result<Device> => ({ ok: false, status: 400, message, errors })

/**
 * A device editor on `useRecordSave`. Each save is pushed to `events` as `save` with its values
 * and version and answered with the next of `answers`; each `onSaved` is pushed as `saved`.
 */
function renderEditor(record: Device, answers: Result<Device>[]) {
  const events: unknown[] = []
  const save = async (values: Values, version: number | null) => {
    events.push(['save', values, version])
    const answer = answers.shift()
    if (!answer) throw new Error('no answer scripted')
    return answer
  }
  function Editor() {
    const [current, setCurrent] = useState(record)
    const form: Form<Values> = useForm<Values>(toValues(current), validate, (values): void => saving.submit(values))
    const saving = useRecordSave<Device, Values>(
      {
        form,
        save,
        toValues,
        fields,
        onSaved: (device) => {
          events.push(['saved', device.version])
          setCurrent(device)
        },
      },
      current.version,
    )
    return (
      <form onSubmit={form.submit}>
        {saving.message && <Banner variant={saving.queued ? 'info' : 'error'}>{messageText(saving.message)}</Banner>}
        <TextField label="Name" {...form.text('name')} />
        <TextField label="Location" {...form.text('location')} />
        <CheckboxGroup
          legend="Tags"
          options={[
            { value: 'north', label: 'North' },
            { value: 'roof', label: 'Roof' },
          ]}
          {...form.list('tags')}
        />
        <button type="submit" disabled={saving.saving}>
          Save
        </button>
        <span data-dirty={String(saving.dirty)} />
        <ConflictDialog
          open={saving.conflict}
          rows={saving.rows}
          busy={saving.saving}
          onKeepMine={saving.keepMine}
          onTakeTheirs={saving.takeTheirs}
          onClose={saving.closeConflict}
        />
      </form>
    )
  }
  render(<Editor />)
  const view = page()
  const input = (label: string) => view.getByLabelText(label) as HTMLInputElement
  return {
    events,
    input,
    type: (label: string, value: string) => fireEvent.change(input(label), { target: { value } }),
    toggle: (label: string) => fireEvent.click(input(label)),
    save: () => fireEvent.click(view.getByRole('button', { name: 'Save' })),
    dialog: () => view.queryByRole('dialog', { name: 'Someone else changed this' }),
    /** Waits for the conflict dialog. */
    conflict: () => view.findByRole('dialog', { name: 'Someone else changed this' }),
    /** The form as the user sees it: name, location and the ticked tags. */
    /** Whether closing the form would lose what was typed. */
    dirty: () => document.querySelector('[data-dirty]')?.getAttribute('data-dirty'),
    shown: () => [input('Name').value, input('Location').value, ['North', 'Roof'].filter((label) => input(label).checked)],
  }
}

test('saves the typed values with the version the user opened, then shows the saved record', async () => {
  const opened = createDevice({ version: 3 })
  const editor = renderEditor(opened, [saved(createDevice({ version: 4, location: 'Hall C' }))])
  editor.type('Location', 'Hall A2')
  editor.save()
  await waitFor(() => assert.equal(editor.events.length, 2))
  assert.equal(editor.events, [
    ['save', { name: 'gate-1', location: 'Hall A2', tags: ['north'] }, 3],
    ['saved', 4],
  ])
  assert.equal(editor.shown(), ['gate-1', 'Hall C', ['North']])
})

test('on a 409 asks only about the fields both changed, mine beside theirs', async () => {
  // They changed the location and the name; I changed the location and the tags.
  const current = createDevice({ version: 4, name: 'gate-1b', location: 'Hall B', tags: ['north'] })
  const editor = renderEditor(createDevice({ version: 3 }), [conflict(current)])
  editor.type('Location', 'Hall A2')
  editor.toggle('Roof')
  editor.save()
  const dialog = await editor.conflict()
  const rows = within(dialog)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent))
  assert.equal(rows, [
    ['Field', 'Your values', 'Current values'],
    ['Location', 'Hall A2', 'Hall B'],
  ])
  // Nothing typed is lost behind the dialog.
  assert.equal(editor.shown(), ['gate-1', 'Hall A2', ['North', 'Roof']])
  assert.equal(editor.events, [['save', { name: 'gate-1', location: 'Hall A2', tags: ['north', 'roof'] }, 3]])
})

test('merges without asking when nobody changed the same field: theirs taken, mine kept', async () => {
  const current = createDevice({ version: 4, name: 'gate-1b' })
  const editor = renderEditor(createDevice({ version: 3 }), [conflict(current), saved(createDevice({ version: 5, name: 'gate-1b', location: 'Hall A2' }))])
  editor.type('Location', 'Hall A2')
  editor.save()
  await waitFor(() => assert.is(editor.events.length, 3))
  assert.equal(editor.events, [
    ['save', { name: 'gate-1', location: 'Hall A2', tags: ['north'] }, 3],
    ['save', { name: 'gate-1b', location: 'Hall A2', tags: ['north'] }, 4],
    ['saved', 5],
  ])
  assert.is(editor.dialog(), null)
  assert.equal(editor.shown(), ['gate-1b', 'Hall A2', ['North']])
})

test('keep mine saves my value of the contested field, with their other changes, over the current version', async () => {
  const current = createDevice({ version: 4, location: 'Hall B', tags: ['roof'] })
  const editor = renderEditor(createDevice({ version: 3 }), [conflict(current), saved(createDevice({ version: 5, location: 'Hall A2', tags: ['roof'] }))])
  editor.type('Location', 'Hall A2')
  editor.save()
  const dialog = await editor.conflict()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
  await waitFor(() => assert.is(editor.dialog(), null))
  assert.equal(editor.events, [
    ['save', { name: 'gate-1', location: 'Hall A2', tags: ['north'] }, 3],
    ['save', { name: 'gate-1', location: 'Hall A2', tags: ['roof'] }, 4],
    ['saved', 5],
  ])
  assert.equal(editor.shown(), ['gate-1', 'Hall A2', ['Roof']])
})

test('take theirs takes the contested field and still saves what only I changed', async () => {
  const current = createDevice({ version: 4, location: 'Hall B' })
  const editor = renderEditor(createDevice({ version: 3 }), [conflict(current), saved(createDevice({ version: 5, name: 'gate-x', location: 'Hall B' }))])
  editor.type('Name', 'gate-x')
  editor.type('Location', 'Hall A2')
  editor.save()
  const dialog = await editor.conflict()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }))
  await waitFor(() => assert.is(editor.events.length, 3))
  assert.equal(editor.events, [
    ['save', { name: 'gate-x', location: 'Hall A2', tags: ['north'] }, 3],
    ['save', { name: 'gate-x', location: 'Hall B', tags: ['north'] }, 4],
    ['saved', 5],
  ])
  assert.is(editor.dialog(), null)
  assert.equal(editor.shown(), ['gate-x', 'Hall B', ['North']])
})

test('take theirs shows the record as it is now and saves nothing when only the contested field was mine', async () => {
  const current = createDevice({ version: 4, name: 'gate-1b', location: 'Hall B', tags: ['roof'] })
  const editor = renderEditor(createDevice({ version: 3 }), [conflict(current), saved(createDevice({ version: 5 }))])
  editor.type('Location', 'Hall A2')
  editor.save()
  const dialog = await editor.conflict()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }))
  assert.is(editor.dialog(), null)
  assert.equal(editor.shown(), ['gate-1b', 'Hall B', ['Roof']])
  // The next save goes over the version now shown.
  editor.type('Name', 'gate-1c')
  editor.save()
  await waitFor(() => assert.is(editor.events.length, 4))
  assert.equal(editor.events, [
    ['save', { name: 'gate-1', location: 'Hall A2', tags: ['north'] }, 3],
    ['saved', 4],
    ['save', { name: 'gate-1c', location: 'Hall B', tags: ['roof'] }, 4],
    ['saved', 5],
  ])
})

test('a refused save puts the server’s field errors on their fields and keeps what was typed', async () => {
  const editor = renderEditor(createDevice(), [refused({ name: 'Name already taken' })])
  editor.type('Name', 'gate-2')
  editor.type('Location', 'Hall A2')
  editor.save()
  const alert = await page().findByRole('alert')
  assert.is(alert.textContent, 'Check the marked fields')
  assert.is(descriptionOf(editor.input('Name')), 'Name already taken')
  assert.is(descriptionOf(editor.input('Location')), null)
  assert.equal(editor.shown(), ['gate-2', 'Hall A2', ['North']])
  assert.is(editor.dialog(), null)
  assert.equal(editor.events, [['save', { name: 'gate-2', location: 'Hall A2', tags: ['north'] }, 3]])
})

test('a 409 without the current record is shown as a refused save', async () => {
  const editor = renderEditor(createDevice(), [{ ok: false, status: 409, message: 'Serial already in use' }])
  editor.save()
  const alert = await page().findByRole('alert')
  assert.is(alert.textContent, 'Serial already in use')
  assert.is(editor.dialog(), null)
})

test('a save that found no link and waits in the outbox is news, not an error, and keeps what was typed', async () => {
  const queued: Result<Device> = { ok: false, status: 0, message: QUEUED, queued: true }
  const editor = renderEditor(createDevice(), [queued, refused({})])
  editor.type('Name', 'gate-offline')
  editor.save()
  const status = await page().findByRole('status')
  assert.is(status.textContent, 'No link: the change waits in the outbox and is sent when the link returns.')
  assert.is(page().queryByRole('alert'), null)
  assert.is(editor.input('Name').value, 'gate-offline')
  assert.is(editor.dirty(), 'false', 'what waits in the outbox is not lost by closing the form')
  editor.type('Name', 'gate-offline-2')
  assert.is(editor.dirty(), 'true', 'typed after the change was queued')
  // A later refusal is an error again.
  editor.save()
  assert.is((await page().findByRole('alert')).textContent, 'Check the marked fields')
  assert.is(page().queryByRole('status'), null)
})

test.run()
