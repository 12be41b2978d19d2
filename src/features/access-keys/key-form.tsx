import { Link } from 'wouter'
import { HEARTBEAT_SCOPE, KEY_EXPIRY_DAYS, AccessKeyInput, type IssuedKey } from '../../contract/access-keys'
import type { Right } from '../../contract/rights'
import { check } from '../../contract/validation'
import { Banner } from '../../ui/banner'
import { TextField } from '../../ui/fields'
import { Select } from '../../ui/select'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { keysApi } from './access-keys-api'
import { scopeChoices } from './key-scopes'
import s from './access-keys.module.css'
import './texts'

type KeyValues = { name: string; scopes: readonly string[]; expiry: string }

const NEVER = 'never'
const EXPIRY_CHOICES = [...KEY_EXPIRY_DAYS.map(String), NEVER]

const toInput = (values: KeyValues) => ({
  name: values.name,
  scopes: values.scopes,
  expires_in_days: values.expiry === NEVER ? null : Number(values.expiry),
})

/** The form names the expiry `expiry`; the wire, `expires_in_days`. */
const onForm = ({ expires_in_days, ...errors }: FormErrors = {}): FormErrors => (expires_in_days ? { ...errors, expiry: expires_in_days } : errors)

function validate(values: KeyValues): FormErrors {
  const errors = onForm(errorsOf(check(AccessKeyInput, toInput(values))))
  return values.scopes.length === 0 ? { ...errors, scopes: 'accessKeys.scopesRequired' } : errors
}

export interface KeyFormProps {
  /** The user's own rights: a key can be given these and no others (heartbeats with `devices`). */
  rights: readonly Right[]
  onClose: () => void
  /** The key as issued, with its secret: the caller shows it once and forgets it. */
  onIssued: (key: IssuedKey) => void
}

/** Issues a key: a name, scopes out of the user's own rights (or heartbeats only, for a device), and how long it lasts. */
export function KeyForm({ rights, onClose, onIssued }: KeyFormProps) {
  const t = useT()
  const form = useForm<KeyValues>({ name: '', scopes: [], expiry: '90' }, validate, (values): void => save.submit(values))
  const save = useRecordSave<IssuedKey, KeyValues>(
    {
      form,
      save: async (values) => {
        const result = await keysApi.create(toInput(values) as AccessKeyInput)
        return result.ok ? result : { ...result, errors: result.errors && onForm(result.errors) } as typeof result
      },
      toValues: (key) => ({ name: key.name, scopes: key.scopes, expiry: NEVER }),
      fields: [],
      onSaved: onIssued,
    },
    null,
  )
  const scopes = scopeChoices(t, rights)
  const expiries = EXPIRY_CHOICES.map((days) => ({ value: days, label: days === NEVER ? t('accessKeys.neverExpires') : t('accessKeys.days', { n: days }) }))

  return (
    <RecordDialog title={t('accessKeys.createTitle')} width={520} submitLabel={t('accessKeys.issue')} save={save} onSubmit={form.submit} onClose={onClose}>
      <TextField label={t('accessKeys.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
      <CheckboxGroup legend={t('accessKeys.scopes')} options={scopes} {...form.list('scopes')} />
      <p className={s.hint}>{t('accessKeys.scopesHint')}</p>
      {form.values.scopes.includes(HEARTBEAT_SCOPE) && (
        <Banner variant="info">
          {t('accessKeys.heartbeatSafer')} <Link href="/devices/enrollment-keys">{t('accessKeys.heartbeatSaferLink')}</Link>
        </Banner>
      )}
      <Select label={t('accessKeys.expiresAfter')} options={expiries} {...form.text('expiry')} />
    </RecordDialog>
  )
}
