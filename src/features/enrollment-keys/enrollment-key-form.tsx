import { enrollmentKeysApi } from '../../api/enrollment'
import { ENROLLMENT_EXPIRY_DAYS, EnrollmentKeyInput, MAX_ENROLLMENT_USES, type IssuedEnrollmentKey } from '../../contract/enrollment'
import { check } from '../../contract/validation'
import { ChoiceGroup } from '../../ui/choice-group'
import { Checkbox, TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { Select } from '../../ui/select'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './enrollment-keys.module.css'
import './texts'

type Reuse = 'once' | 'many'

type KeyValues = {
  name: string
  reuse: Reuse
  max_uses: number | null
  expiry: string
  tags: string
  location: string
  model: string
  approve: boolean
  ephemeral: boolean
}

const START: KeyValues = { name: '', reuse: 'once', max_uses: 10, expiry: '7', tags: '', location: '', model: '', approve: false, ephemeral: false }

const splitTags = (text: string): string[] => [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))]

/** The wire's input of what the form holds: a one-off key enrolls one device. */
export const toInput = (values: KeyValues) => ({
  name: values.name,
  max_uses: values.reuse === 'once' ? 1 : (values.max_uses ?? Number.NaN),
  expires_in_days: Number(values.expiry),
  tags: splitTags(values.tags),
  location: values.location,
  model: values.model,
  approve: values.approve,
  ephemeral: values.ephemeral,
})

/** The wire's field names on the form's fields: the expiry, and one tag's error on the tags. */
function onForm(errors: FormErrors = {}): FormErrors {
  const fields: FormErrors = {}
  for (const [name, message] of Object.entries(errors)) {
    const field = name === 'expires_in_days' ? 'expiry' : (name.split('.')[0] ?? name)
    fields[field] ??= message
  }
  return fields
}

const validate = (values: KeyValues): FormErrors => onForm(errorsOf(check(EnrollmentKeyInput, toInput(values))))

export interface EnrollmentKeyFormProps {
  onClose: () => void
  /** The key as issued, with its secret: the caller shows it once and forgets it. */
  onIssued: (key: IssuedEnrollmentKey) => void
}

/** Issues an enrollment key: one-off or for up to N devices, how long it lasts, and what it presets on its devices. */
export function EnrollmentKeyForm({ onClose, onIssued }: EnrollmentKeyFormProps) {
  const t = useT()
  const form = useForm<KeyValues>(START, validate, (values): void => save.submit(values))
  const save = useRecordSave<IssuedEnrollmentKey, KeyValues>(
    {
      form,
      save: async (values) => {
        const result = await enrollmentKeysApi.create(toInput(values) as EnrollmentKeyInput)
        return result.ok ? result : ({ ...result, errors: result.errors && onForm(result.errors) } as typeof result)
      },
      toValues: () => START,
      fields: [],
      onSaved: onIssued,
    },
    null,
  )
  const reuse = [
    { value: 'once' as const, label: t('enrollmentKeys.once') },
    { value: 'many' as const, label: t('enrollmentKeys.many') },
  ]
  const expiries = ENROLLMENT_EXPIRY_DAYS.map((days) => ({ value: String(days), label: t(days === 1 ? 'enrollmentKeys.oneDay' : 'enrollmentKeys.days', { n: days }) }))
  return (
    <RecordDialog title={t('enrollmentKeys.createTitle')} width={560} submitLabel={t('enrollmentKeys.issue')} save={save} onSubmit={form.submit} onClose={onClose} formClassName={s.form}>
      <TextField label={t('enrollmentKeys.name')} maxLength={120} autoComplete="off" required data-autofocus {...form.text('name')} />
      <ChoiceGroup legend={t('enrollmentKeys.devicesItEnrolls')} name="reuse" choices={reuse} value={form.values.reuse} onChange={(value) => form.setValue('reuse', value)} />
      {form.values.reuse === 'many' && (
        <TextField
          label={t('enrollmentKeys.maxUses')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ENROLLMENT_USES}
          required
          {...form.number('max_uses')}
        />
      )}
      <Select label={t('enrollmentKeys.expiresAfter')} options={expiries} {...form.text('expiry')} />
      <fieldset className={s.presetFields}>
        <legend className={s.legend}>{t('enrollmentKeys.presetLegend')}</legend>
        <TextField label={t('enrollmentKeys.tagsField')} autoComplete="off" placeholder={t('enrollmentKeys.tagsExample')} {...form.text('tags')} />
        <TextField label={t('enrollmentKeys.location')} maxLength={120} autoComplete="off" {...form.text('location')} />
        <TextField label={t('enrollmentKeys.model')} maxLength={80} autoComplete="off" {...form.text('model')} />
      </fieldset>
      <Checkbox label={t('enrollmentKeys.approveField')} {...form.checkbox('approve')} />
      <p className={s.hint}>{t('enrollmentKeys.approveHint')}</p>
      <Checkbox label={t('enrollmentKeys.ephemeralField')} {...form.checkbox('ephemeral')} />
      <p className={s.hint}>{t('enrollmentKeys.ephemeralHint')}</p>
    </RecordDialog>
  )
}
