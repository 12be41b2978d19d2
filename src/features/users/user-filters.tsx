import { MEMBER_STATUSES, type UserRole } from '../../contract/users'
import { Select } from '../../ui/select'
import type { ListChange } from '../../ui/list/list-url'
import { useT } from '../../ui/use-t'
import s from './users.module.css'

export interface UserFiltersProps {
  filters: Record<string, readonly string[]>
  /** The organization's roles; null hides the role filter (the viewer cannot read roles). */
  roles: readonly UserRole[] | null
  change: (change: ListChange) => void
}

/** Narrows the list to a status and to the holders of one role, both kept in the address. */
export function UserFilters({ filters, roles, change }: UserFiltersProps) {
  const t = useT()
  const statuses = [{ value: '', label: t('users.allStatuses') }, ...MEMBER_STATUSES.map((status) => ({ value: status, label: t(`users.state.${status}`) }))]
  return (
    <div className={s.filters}>
      <Select
        className={s.filter}
        label={t('users.filterStatus')}
        hideLabel
        name="status"
        value={filters.status?.[0] ?? ''}
        options={statuses}
        onChange={(status) => change({ filters: { status } })}
      />
      {roles && (
        <Select
          className={s.filter}
          label={t('users.filterRole')}
          hideLabel
          name="role"
          value={filters.role?.[0] ?? ''}
          options={[{ value: '', label: t('users.allRoles') }, ...roles.map((role) => ({ value: role.id, label: role.name }))]}
          onChange={(role) => change({ filters: { role } })}
        />
      )}
    </div>
  )
}
