import { useStore } from '@nanostores/react'
import { neededBy, needsOf, RIGHTS, withNeeds, type Right } from '../../contract/rights'
import { ROLE_DESCRIPTION_MAX, RoleInput, type RoleRecord } from '../../contract/roles'
import { check } from '../../contract/validation'
import { $session } from '../../stores/session'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { TextArea } from '../../ui/text-area'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { RolePreviewNote } from './role-preview'
import { rolesApi } from './roles-api'
import './texts'
import s from './roles.module.css'

type RoleValues = { name: string; description: string; rights: readonly string[] }

const toValues = (role: RoleRecord): RoleValues => ({ name: role.name, description: role.description, rights: role.rights })
const toInput = (values: RoleValues): RoleInput => ({ name: values.name, description: values.description, rights: values.rights as Right[] })
const validate = (values: RoleValues) => errorsOf(check(RoleInput, toInput(values)))

export interface RoleFormProps {
  /** The role to edit; none makes a new one. */
  role?: RoleRecord
  onClose: () => void
  onSaved: (role: RoleRecord) => void
}

/**
 * A role's name, description and rights, each right with a line saying what it opens. Editing a
 * role says first, from the server's count, whom the change reaches. The Administrator role's
 * name and rights are fixed; a right the user does not hold cannot be granted.
 */
export function RoleForm({ role, onClose, onSaved }: RoleFormProps) {
  const t = useT()
  const held = useStore($session).user?.rights ?? []
  const builtin = role?.builtin ?? false
  const form = useForm<RoleValues>(role ? toValues(role) : { name: '', description: '', rights: [] }, validate, (values): void => save.submit(values))
  const save = useRecordSave<RoleRecord, RoleValues>(
    {
      form,
      save: (values, version) => (role ? rolesApi.update(role.id, { ...toInput(values), version: version ?? role.version }) : rolesApi.create(toInput(values))),
      toValues,
      fields: [
        { name: 'name', label: t('roles.name') },
        { name: 'description', label: t('roles.description') },
        { name: 'rights', label: t('roles.rights'), show: (value) => (Array.isArray(value) ? value.map((right) => t(`menu.${right}`)).join(', ') : '') },
      ],
      onSaved,
    },
    role?.version ?? null,
  )
  const chosen = form.values.rights as Right[]
  const names = (rights: readonly Right[]) => rights.map((right) => t(`menu.${right}`)).join(', ')
  const mayGrant = (right: Right) => held.includes(right) || (role?.rights.includes(right) ?? false)
  // A right comes with what it needs (Tunnels with Edge & Devices), checked and noted; a need stays while a right needs it.
  const options = RIGHTS.map((right) => {
    const missing = withNeeds([right]).filter((needed) => needed !== right && !mayGrant(needed))
    const grantable = mayGrant(right) && !missing.length
    const keeping = neededBy(right, chosen)
    const needs = needsOf(right)
    const what = !mayGrant(right) ? t('roles.notHeld') : missing.length ? t('roles.needNotHeld', { rights: names(missing) }) : t(`roles.opens.${right}`)
    const notes = [what, ...(grantable && needs.length ? [t('roles.needs', { rights: names(needs) })] : []), ...(keeping.length ? [t('roles.neededBy', { rights: names(keeping) })] : [])]
    return {
      value: right,
      label: t(`menu.${right}`),
      hint: notes.join(' · '),
      disabled: builtin || !grantable || (keeping.length > 0 && chosen.includes(right)),
    }
  })
  const rights = form.list('rights')
  return (
    <RecordDialog
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      width={600}
      submitLabel={role ? t('record.save') : t('roles.submitCreate')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label={t('roles.name')} maxLength={120} autoComplete="off" required readOnly={builtin} {...form.text('name')} />
      <TextArea label={t('roles.description')} rows={2} maxLength={ROLE_DESCRIPTION_MAX} {...form.text('description')} />
      {builtin && <p className={s.hint}>{t('roles.builtinHint')}</p>}
      <CheckboxGroup legend={t('roles.rights')} className={s.rights} options={options} {...rights} onChange={(next) => rights.onChange(withNeeds(next as Right[]))} />
      {role && !builtin && <RolePreviewNote roleId={role.id} rights={form.values.rights as Right[]} />}
    </RecordDialog>
  )
}
