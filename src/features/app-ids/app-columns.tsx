import type { AppIdRecord } from '../../contract/app-ids'
import type { t as translate } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { ClientId } from './client-id'
import s from './app-ids.module.css'

export interface AppActions {
  onEdit: (app: AppIdRecord) => void
  onRotate: (app: AppIdRecord) => void
  onDelete: (app: AppIdRecord) => void
}

/** The columns of the app ids list; newest first unless sorted otherwise. */
export function appColumns(t: typeof translate, actions: AppActions): Column<AppIdRecord>[] {
  return [
    { key: 'name', label: t('appIds.name'), sort: 'name', render: (row) => <span className={s.name}>{row.name}</span> },
    { key: 'client_id', label: t('appIds.clientId'), render: (row) => <ClientId name={row.name} clientId={row.client_id} /> },
    {
      key: 'scopes',
      label: t('appIds.scopes'),
      render: (row) => (
        <ul className={s.scopes}>
          {row.scopes.map((scope) => (
            <li key={scope}>{t(`menu.${scope}`)}</li>
          ))}
        </ul>
      ),
    },
    { key: 'rotated_at', label: t('appIds.rotated'), sort: 'rotated_at', priority: 'low', render: (row) => <Age at={row.rotated_at} /> },
    {
      key: 'actions',
      label: t('appIds.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          <Button variant="text" aria-label={t('appIds.editOf', { name: row.name })} onClick={() => actions.onEdit(row)}>
            {t('appIds.edit')}
          </Button>
          <Button variant="text" aria-label={t('appIds.rotateOf', { name: row.name })} onClick={() => actions.onRotate(row)}>
            {t('appIds.rotate')}
          </Button>
          <Button variant="text" aria-label={t('appIds.deleteOf', { name: row.name })} onClick={() => actions.onDelete(row)}>
            {t('appIds.delete')}
          </Button>
        </span>
      ),
    },
  ]
}
