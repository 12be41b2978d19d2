import { UserInvite, INVITATION_DAYS, type UserRecord, type UserRole } from '../../contract/users'
import { check } from '../../contract/validation'
import { TextField } from '../../ui/fields'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { rolesRequired } from './roles-dialog'
import { usersApi } from './users-api'
import s from './users.module.css'

type InviteValues = { email: string; roles: readonly string[] }

const validate = (values: InviteValues): FormErrors => {
  const { roles: _, ...errors } = errorsOf(check(UserInvite, { email: values.email, roles: [...values.roles] }))
  return { ...errors, ...rolesRequired(values) }
}

/** An address and the roles it gets; the server says under each field what it refuses. */
export function InviteDialog({ roles, onClose, onInvited }: { roles: readonly UserRole[]; onClose: () => void; onInvited: (user: UserRecord) => void }) {
  const t = useT()
  const form = useForm<InviteValues>({ email: '', roles: [] }, validate, (values): void => save.submit(values))
  const save = useRecordSave<UserRecord, InviteValues>(
    {
      form,
      save: (values) => usersApi.create({ email: values.email.trim(), roles: [...values.roles] }),
      toValues: (user) => ({ email: user.email, roles: user.roles.map((role) => role.id) }),
      fields: [],
      onSaved: onInvited,
    },
    null,
  )
  return (
    <RecordDialog title={t('users.inviteTitle')} width={520} submitLabel={t('users.inviteSend')} save={save} onSubmit={form.submit} onClose={onClose}>
      <TextField label={t('users.email')} type="email" autoComplete="off" maxLength={254} required {...form.text('email')} />
      <CheckboxGroup legend={t('users.roles')} options={roles.map((role) => ({ value: role.id, label: role.name }))} {...form.list('roles')} />
      {roles.length === 0 && <p className={s.hint}>{t('users.noRolesKnown')}</p>}
      <p className={s.hint}>{t('users.inviteHint', { days: INVITATION_DAYS })}</p>
    </RecordDialog>
  )
}
