import { useState } from 'react'
import { AccessKeyUpdate, type AccessKey } from '../../contract/access-keys'
import { check } from '../../contract/validation'
import { TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { renameApi } from './access-keys-api'
import './texts'

type NameValues = { name: string }

const validate = (values: NameValues) => errorsOf(check(AccessKeyUpdate, values))

/** Renames a key, the one thing about it that changes after issue; a stale save asks which name to keep. */
export function KeyRename({ accessKey, onClose, onSaved }: { accessKey: AccessKey; onClose: () => void; onSaved: () => void }) {
  const t = useT()
  const [record, setRecord] = useState(accessKey)
  const form = useForm<NameValues>({ name: record.name }, validate, (values): void => save.submit(values))
  const save = useRecordSave<AccessKey, NameValues>(
    {
      form,
      save: (values, version) => renameApi.update(record.id, { name: values.name, version: version ?? record.version }),
      toValues: (key) => ({ name: key.name }),
      fields: [{ name: 'name', label: t('accessKeys.name') }],
      onSaved: () => onSaved(),
      // Taking theirs keeps the dialog open on the name as it is now.
      onTaken: setRecord,
    },
    record.version,
  )
  return (
    <RecordDialog title={t('accessKeys.renameTitle', { name: record.name })} width={480} submitLabel={t('record.save')} save={save} onSubmit={form.submit} onClose={onClose}>
      <TextField label={t('accessKeys.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
    </RecordDialog>
  )
}
