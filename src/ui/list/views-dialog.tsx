import { object } from 'superstruct'
import { useState } from 'react'
import { viewsApi } from '../../api/views'
import type { View, ViewCollection, ViewQuery } from '../../contract/views'
import { check, Text } from '../../contract/validation'
import { messageText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Checkbox, TextField } from '../fields'
import { ConfirmDialog } from '../record/confirm-dialog'
import { RecordDialog } from '../record/record-dialog'
import { useRecordSave } from '../record/use-record-save'
import { errorsOf, useForm, type FormErrors } from '../use-form'
import { useT } from '../use-t'
import './views-texts'

/** The longest name a view takes (`contract/views.ts`). */
const NAME_MAX = 80
const NameOnly = object({ name: Text(NAME_MAX) })

type Values = { name: string; shared: boolean; pinned: boolean }

const toValues = (view: View): Values => ({ name: view.name, shared: view.shared, pinned: view.pinned })
const validate = (values: Values): FormErrors => errorsOf(check(NameOnly, { name: values.name }))

export interface ViewDialogProps {
  collection: ViewCollection
  /** The view to update with what the list shows now; null saves a new one. */
  view: View | null
  /** What the list shows now: the question and the columns the view keeps. */
  query: ViewQuery
  columns: readonly string[]
  onSaved: (view: View) => void
  onClose: () => void
}

/**
 * Saves what the list shows (search, sort, filters, columns) as a view: a name, shared with the
 * organization or kept personal, pinned in the menu or not. Updating one's own view saves the list
 * as it is now into it; a save over someone's newer version asks which to keep, a refused one keeps
 * what was typed and says why.
 */
export function ViewDialog({ collection, view, query, columns, onSaved, onClose }: ViewDialogProps) {
  const t = useT()
  const [record, setRecord] = useState(view)
  const form = useForm<Values>(record ? toValues(record) : { name: '', shared: false, pinned: true }, validate, (values): void => save.submit(values))
  const yesNo = (value: unknown) => t(value ? 'views.yes' : 'views.no')
  const save = useRecordSave<View, Values>(
    {
      form,
      save: (values, version) => {
        const body = { ...values, query, columns: [...columns] }
        return record && version !== null ? viewsApi.update(record.id, { ...body, version }) : viewsApi.create({ ...body, collection })
      },
      toValues,
      fields: [
        { name: 'name', label: t('views.name') },
        { name: 'shared', label: t('views.shared'), show: yesNo },
        { name: 'pinned', label: t('views.pinned'), show: yesNo },
      ],
      onSaved,
      onTaken: setRecord,
    },
    record?.version ?? null,
  )
  return (
    <RecordDialog
      title={record ? t('views.updateTitle', { name: record.name }) : t('views.createTitle')}
      submitLabel={record ? t('record.save') : t('record.create')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <p>{t(record ? 'views.updateHint' : 'views.createHint')}</p>
      <TextField label={t('views.name')} maxLength={NAME_MAX} autoComplete="off" required {...form.text('name')} />
      <Checkbox label={t('views.sharedLabel')} {...form.checkbox('shared')} />
      <Checkbox label={t('views.pinnedLabel')} {...form.checkbox('pinned')} />
    </RecordDialog>
  )
}

export interface DeleteViewDialogProps {
  view: View
  onDeleted: () => void
  onClose: () => void
}

/** Asks before deleting one's own view; links to it then open the plain list. */
export function DeleteViewDialog({ view, onDeleted, onClose }: DeleteViewDialogProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')
  const remove = async () => {
    setBusy(true)
    setFailure('')
    const result = await viewsApi.remove(view.id)
    setBusy(false)
    if (result.ok || result.status === 404) onDeleted()
    else setFailure(result.message)
  }
  return (
    <ConfirmDialog open title={t('views.deleteTitle', { name: view.name })} confirmLabel={t('views.deleteConfirm')} busy={busy} onConfirm={() => void remove()} onClose={onClose}>
      {failure && <Banner variant="error">{messageText(failure)}</Banner>}
      <p>{t(view.shared ? 'views.deleteSharedBody' : 'views.deleteBody')}</p>
    </ConfirmDialog>
  )
}
