import { useState } from 'react'
import { OrganizationInput, type OrganizationRecord } from '../../contract/organizations'
import { check } from '../../contract/validation'
import { TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { organizationsApi } from './organizations-api'
import './texts'

type NameValues = { name: string }

const validate = (values: NameValues) => errorsOf(check(OrganizationInput, values))

export interface OrganizationFormProps {
  /** The organization to rename; none creates one. */
  organization?: OrganizationRecord
  onClose: () => void
  onSaved: (organization: OrganizationRecord) => void
}

/** Creates an organization, or renames one; a stale rename asks which name to keep. */
export function OrganizationForm({ organization, onClose, onSaved }: OrganizationFormProps) {
  const t = useT()
  const [record, setRecord] = useState(organization)
  const form = useForm<NameValues>({ name: record?.name ?? '' }, validate, (values): void => save.submit(values))
  const save = useRecordSave<OrganizationRecord, NameValues>(
    {
      form,
      save: (values, version) =>
        record ? organizationsApi.update(record.id, { name: values.name, version: version ?? record.version }) : organizationsApi.create({ name: values.name }),
      toValues: (saved) => ({ name: saved.name }),
      fields: [{ name: 'name', label: t('organizations.name') }],
      onSaved,
      // Taking theirs keeps the dialog open on the name as it is now.
      onTaken: setRecord,
    },
    record?.version ?? null,
  )
  return (
    <RecordDialog
      title={organization ? t('organizations.renameTitle', { name: organization.name }) : t('organizations.createTitle')}
      width={480}
      submitLabel={organization ? t('organizations.rename') : t('organizations.submitCreate')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label={t('organizations.name')} maxLength={120} autoComplete="organization" required {...form.text('name')} />
      {!organization && <p>{t('organizations.createHint')}</p>}
    </RecordDialog>
  )
}
