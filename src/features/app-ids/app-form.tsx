import { useState } from 'react'
import { AppIdInput, type AppIdRecord, type IssuedAppId } from '../../contract/app-ids'
import { RIGHTS, type Right } from '../../contract/rights'
import { check } from '../../contract/validation'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { appIdsApi } from './app-ids-api'
import s from './app-ids.module.css'

/**
 * What the form asks: a name and scopes. An app id gets tokens with the client credentials grant
 * alone, which has no redirect: its redirect URIs are not asked, and an edit leaves any as they are.
 */
type AppValues = { name: string; scopes: readonly string[] }

const toValues = (app: AppIdRecord): AppValues => ({ name: app.name, scopes: app.scopes })
const toInput = (values: AppValues) => ({ name: values.name, scopes: values.scopes })

const validate = (values: AppValues): FormErrors => errorsOf(check(AppIdInput, toInput(values)))

export interface AppFormProps {
  /** The app id to edit; null makes a new one. */
  app: AppIdRecord | null
  /** The user's own rights: an app id can be given these and no others. */
  rights: readonly Right[]
  onClose: () => void
  /** The saved app id; a new one comes with its client secret, to show once and forget. */
  onSaved: (app: AppIdRecord | IssuedAppId) => void
}

/** Makes or edits an app id; a save over someone else's newer change asks which to keep. */
export function AppForm({ app, rights, onClose, onSaved }: AppFormProps) {
  const t = useT()
  const [record, setRecord] = useState(app)
  const form = useForm<AppValues>(record ? toValues(record) : { name: '', scopes: [] }, validate, (values): void => save.submit(values))
  const save = useRecordSave<AppIdRecord, AppValues>(
    {
      form,
      save: async (values, version) => {
        const input = toInput(values) as AppIdInput
        return record && version !== null ? appIdsApi.update(record.id, { ...input, version }) : appIdsApi.create(input)
      },
      toValues,
      fields: [
        { name: 'name', label: t('appIds.name') },
        { name: 'scopes', label: t('appIds.scopes'), show: (list) => (Array.isArray(list) ? list.map((scope) => t(`menu.${scope}`)).join(', ') : '') },
      ],
      onSaved,
      // Taking theirs keeps the dialog open on the app id as it is now.
      onTaken: setRecord,
    },
    record?.version ?? null,
  )
  // Scopes the app has and the user lacks stay as they are: nobody gives, or takes back, what they do not hold.
  const kept = record?.scopes.filter((scope) => !rights.includes(scope)) ?? []
  const scopes = RIGHTS.filter((right) => rights.includes(right) || kept.includes(right)).map((right) => ({
    value: right,
    label: t(`menu.${right}`),
    disabled: kept.includes(right),
    hint: kept.includes(right) ? t('appIds.notHeld') : undefined,
  }))

  return (
    <RecordDialog
      title={record ? t('appIds.editTitle', { name: record.name }) : t('appIds.createTitle')}
      width={560}
      submitLabel={record ? t('record.save') : t('record.create')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label={t('appIds.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
      <CheckboxGroup legend={t('appIds.scopes')} options={scopes} {...form.list('scopes')} />
      <p className={s.hint}>{t('appIds.scopesHint')}</p>
    </RecordDialog>
  )
}
