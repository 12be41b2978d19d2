import { useState } from 'react'
import { enrollmentRenameApi } from '../../api/enrollment'
import { EnrollmentKeyUpdate, type EnrollmentKey } from '../../contract/enrollment'
import { check } from '../../contract/validation'
import { TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import './texts'

type NameValues = { name: string }

const validate = (values: NameValues) => errorsOf(check(EnrollmentKeyUpdate, values))

/** Renames a key, the one thing about it that changes after issue; a stale save asks which name to keep. */
export function EnrollmentKeyRename({ enrollmentKey, onClose, onSaved }: { enrollmentKey: EnrollmentKey; onClose: () => void; onSaved: () => void }) {
  const t = useT()
  const [record, setRecord] = useState(enrollmentKey)
  const form = useForm<NameValues>({ name: record.name }, validate, (values): void => save.submit(values))
  const save = useRecordSave<EnrollmentKey, NameValues>(
    {
      form,
      save: (values, version) => enrollmentRenameApi.update(record.id, { name: values.name, version: version ?? record.version }),
      toValues: (key) => ({ name: key.name }),
      fields: [{ name: 'name', label: t('enrollmentKeys.name') }],
      onSaved: () => onSaved(),
      onTaken: setRecord,
    },
    record.version,
  )
  return (
    <RecordDialog title={t('enrollmentKeys.renameTitle', { name: record.name })} width={480} submitLabel={t('record.save')} save={save} onSubmit={form.submit} onClose={onClose}>
      <TextField label={t('enrollmentKeys.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
    </RecordDialog>
  )
}
