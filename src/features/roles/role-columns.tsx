import { Link } from 'wouter'
import type { RoleRecord } from '../../contract/roles'
import type { t as translate } from '../../lib/i18n'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { RightList } from './right-list'
import s from './roles.module.css'

export interface RoleActions {
  onEdit: (role: RoleRecord) => void
  onDelete: (role: RoleRecord) => void
}

export const detailsOf = (role: Pick<RoleRecord, 'id'>) => `/roles/details?id=${encodeURIComponent(role.id)}`

/** The columns of the roles list; the built-in role is marked and offers no delete. */
export function roleColumns(t: typeof translate, actions: RoleActions): Column<RoleRecord>[] {
  return [
    {
      key: 'name',
      label: t('roles.name'),
      sort: 'name',
      render: (row) => (
        <span className={s.nameCell}>
          <Link href={detailsOf(row)} className={s.name}>
            {row.name}
          </Link>
          {row.builtin && <Badge tone="info">{t('roles.builtin')}</Badge>}
        </span>
      ),
    },
    { key: 'description', label: t('roles.description'), priority: 'low', render: (row) => <span className={s.description}>{row.description || '—'}</span> },
    { key: 'rights', label: t('roles.rights'), render: (row) => <RightList rights={row.rights} max={3} /> },
    { key: 'member_count', label: t('roles.members'), sort: 'member_count', align: 'end', render: (row) => row.member_count },
    {
      key: 'actions',
      label: t('roles.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          <Button variant="text" aria-label={t('roles.editOf', { name: row.name })} onClick={() => actions.onEdit(row)}>
            {t('record.edit')}
          </Button>
          {!row.builtin && (
            <Button variant="text" aria-label={t('roles.deleteOf', { name: row.name })} onClick={() => actions.onDelete(row)}>
              {t('record.delete')}
            </Button>
          )}
        </span>
      ),
    },
  ]
}
