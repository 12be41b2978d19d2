import { useState } from 'react'
import type { UserRecord, UserRole } from '../../contract/users'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { userUpdateApi } from './users-api'
import { displayName, roleChoices } from './user-values'
import s from './users.module.css'

type RoleValues = { roles: readonly string[] }

export const rolesRequired = (values: RoleValues): FormErrors => (values.roles.length ? {} : { roles: 'users.rolesRequired' })

const idsOf = (user: UserRecord) => user.roles.map((role) => role.id)

/** Checks the member's roles on and off; a change someone saved meanwhile asks which to keep. */
export function RolesDialog({ user, roles, onClose, onSaved }: { user: UserRecord; roles: readonly UserRole[] | null; onClose: () => void; onSaved: (user: UserRecord) => void }) {
  const t = useT()
  const [record, setRecord] = useState(user)
  const choices = roleChoices(roles, [record])
  const form = useForm<RoleValues>({ roles: idsOf(record) }, rolesRequired, (values): void => save.submit(values))
  const nameOf = (id: string) => choices.find((role) => role.id === id)?.name ?? id
  const save = useRecordSave<UserRecord, RoleValues>(
    {
      form,
      save: (values, version) => userUpdateApi.update(record.id, { roles: [...values.roles], status: record.status, version: version ?? record.version }),
      toValues: (saved) => ({ roles: idsOf(saved) }),
      fields: [{ name: 'roles', label: t('users.roles'), show: (value) => (Array.isArray(value) ? value.map(nameOf).join(', ') : '') }],
      onSaved,
      onTaken: setRecord,
    },
    record.version,
  )
  return (
    <RecordDialog title={t('users.rolesTitle', { name: displayName(record) })} width={480} submitLabel={t('record.save')} save={save} onSubmit={form.submit} onClose={onClose}>
      <CheckboxGroup legend={t('users.roles')} options={choices.map((role) => ({ value: role.id, label: role.name }))} {...form.list('roles')} />
      <p className={s.hint}>{t('users.rolesHint')}</p>
    </RecordDialog>
  )
}
