import { useState } from 'react'
import { conflictCurrent } from '../../api/collection'
import type { Result } from '../../api/client'
import type { BaseRecord } from '../../contract/collections'
import { same, type Form, type FormValue, type FormValues } from '../use-form'
import type { ConflictRow } from './conflict-dialog'
import { mergeEdits } from './merge'

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

const alike = <V extends FormValues>(a: V, b: V) => Object.keys(a).every((name) => same(a[name], b[name]))

/** A stale save: the record as it is now, what was sent, and the fields both sides changed. */
interface Conflict<T, V> {
  current: T
  /** What was sent, with their changes to the fields only they touched. */
  merged: V
  conflicts: string[]
}

/**
 * Saving a record with the form's values. A refused save keeps what was typed and puts the
 * server's field errors on the fields. A 409 merges: what only they changed is taken, what only
 * the user changed is kept and saved again at once; the conflict dialog asks only about the
 * fields both changed.
 */
export function useRecordSave<T extends BaseRecord, V extends FormValues>(options: RecordSaveOptions<T, V>, version: number | null) {
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  // The values whose save waits in the outbox: closing the form then loses nothing.
  const [queued, setQueued] = useState<V | null>(null)
  const [conflict, setConflict] = useState<Conflict<T, V> | null>(null)

  /** Sends `values`, edited from `base` (the values of the version `at`). */
  async function send(values: V, at: number | null, base: V): Promise<void> {
    setSaving(true)
    setMessage(null)
    setQueued(null)
    const result = await options.save(values, at)
    setSaving(false)
    if (result.ok) {
      setConflict(null)
      options.form.reset(options.toValues(result.data))
      options.onSaved(result.data)
      return
    }
    const current = conflictCurrent<T>(result)
    if (current) {
      const theirs = options.toValues(current)
      const { merged, conflicts } = mergeEdits(base, values, theirs)
      if (conflicts.length || current.version === at) return setConflict({ current, merged, conflicts })
      if (alike(merged, theirs)) return settle(current, options.onSaved)
      return send(merged, current.version, theirs)
    }
    // A refusal of "keep mine" shows on the form, not behind the dialog.
    setConflict(null)
    options.form.setServerErrors(result.errors)
    setMessage(result.message)
    setQueued(result.queued ? values : null)
  }

  /** Shows the record as it is now, with nothing left to save. */
  function settle(current: T, told: (record: T) => void) {
    setConflict(null)
    options.form.reset(options.toValues(current))
    told(current)
  }

  const rows: ConflictRow[] = conflict
    ? conflict.conflicts.map((name) => {
        const field = options.fields.find((one) => one.name === name)
        const show = field?.show ?? read
        return { label: field?.label ?? name, mine: show(conflict.merged[name] ?? null), theirs: show(options.toValues(conflict.current)[name] ?? null) }
      })
    : []

  return {
    saving,
    /** The message of the last refused save, for a banner above the form. */
    message,
    /** The last save found no link and waits in the outbox: news, not an error. */
    queued: queued !== null,
    conflict: conflict !== null,
    rows,
    /** The form's values differ from where it started and wait nowhere: closing would lose them. */
    dirty: options.form.dirty && !(queued && alike(options.form.values, queued)),
    submit: (values: V) => void send(values, version, options.form.start),
    /** Saves the user's values of the contested fields, with the rest merged, over the version there now. */
    keepMine: () => conflict && void send(conflict.merged, conflict.current.version, options.toValues(conflict.current)),
    /**
     * Takes the current values of the contested fields; what only the user changed is still saved.
     * When nothing of theirs is left, nothing is saved and the record shows as it is now.
     */
    takeTheirs: () => {
      if (!conflict) return
      const theirs = options.toValues(conflict.current)
      const values = { ...conflict.merged, ...Object.fromEntries(conflict.conflicts.map((name) => [name, theirs[name]])) } as V
      if (alike(values, theirs)) return settle(conflict.current, options.onTaken ?? options.onSaved)
      void send(values, conflict.current.version, theirs)
    },
    closeConflict: () => setConflict(null),
  }
}
