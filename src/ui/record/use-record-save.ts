import { useState } from 'react'
import { conflictCurrent } from '../../api/collection'
import type { Result } from '../../api/client'
import type { BaseRecord } from '../../contract/collections'
import type { Form, FormValue, FormValues } from '../use-form'
import type { ConflictRow } from './conflict-dialog'

export interface FieldLabel<V> {
  name: keyof V & string
  label: string
  /** How the value reads in the conflict dialog; lists join with commas by default. */
  show?: (value: FormValue) => string
}

export interface RecordSaveOptions<T extends BaseRecord, V extends FormValues> {
  form: Form<V>
  /** Sends the values; `version` is the record's as the user saw it, null for a new record. */
  save: (values: V, version: number | null) => Promise<Result<T>>
  toValues: (record: T) => V
  fields: readonly FieldLabel<V>[]
  onSaved: (record: T) => void
  /**
   * The user took the current record over theirs: nothing was saved. Without it the record goes to
   * `onSaved`, as a save's would; with it a dialog can stay open on the record as it is now.
   */
  onTaken?: (record: T) => void
}

const read = (value: FormValue | undefined): string =>
  Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value)

/**
 * Saving a record with the form's values. A refused save keeps what was typed and puts the
 * server's field errors on the fields; a 409 opens the conflict with both sides, field by field.
 */
export function useRecordSave<T extends BaseRecord, V extends FormValues>(options: RecordSaveOptions<T, V>, version: number | null) {
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [queued, setQueued] = useState(false)
  const [conflict, setConflict] = useState<{ current: T; mine: V } | null>(null)

  async function send(values: V, at: number | null) {
    setSaving(true)
    setMessage(null)
    setQueued(false)
    const result = await options.save(values, at)
    setSaving(false)
    if (result.ok) {
      setConflict(null)
      options.form.reset(options.toValues(result.data))
      options.onSaved(result.data)
      return
    }
    const current = conflictCurrent<T>(result)
    if (current) return setConflict({ current, mine: values })
    // A refusal of "keep mine" shows on the form, not behind the dialog.
    setConflict(null)
    options.form.setServerErrors(result.errors)
    setMessage(result.message)
    setQueued(Boolean(result.queued))
  }

  const rows: ConflictRow[] = conflict
    ? options.fields.map((field) => {
        const show = field.show ?? read
        return { label: field.label, mine: show(conflict.mine[field.name] ?? null), theirs: show(options.toValues(conflict.current)[field.name] ?? null) }
      })
    : []

  return {
    saving,
    /** The message of the last refused save, for a banner above the form. */
    message,
    /** The last save found no link and waits in the outbox: news, not an error. */
    queued,
    conflict: conflict !== null,
    rows,
    submit: (values: V) => void send(values, version),
    /** Saves what the user typed over the version that is there now. */
    keepMine: () => conflict && void send(conflict.mine, conflict.current.version),
    /** Drops what the user typed and shows the record as it is now. */
    takeTheirs: () => {
      if (!conflict) return
      options.form.reset(options.toValues(conflict.current))
      const told = options.onTaken ?? options.onSaved
      told(conflict.current)
      setConflict(null)
    },
    closeConflict: () => setConflict(null),
  }
}
