import type { AccessKey } from '../../contract/access-keys'
import type { t as translate } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { scopeLabel } from './key-scopes'
import { KeyExpiry, KeyStatusBadge, keyStatus } from './key-status'
import s from './access-keys.module.css'
import './texts'

export interface KeyActions {
  onRename: (key: AccessKey) => void
  onRevoke: (key: AccessKey) => void
}

/** The columns of the access keys list; a revoked key keeps its row but offers nothing more. */
export function keyColumns(t: typeof translate, actions: KeyActions): Column<AccessKey>[] {
  return [
    { key: 'name', label: t('accessKeys.name'), sort: 'name', render: (row) => <span className={s.name}>{row.name}</span> },
    {
      key: 'prefix',
      label: t('accessKeys.prefix'),
      render: (row) => (
        <code className={s.mono} dir="ltr">
          {row.prefix}…
        </code>
      ),
    },
    {
      key: 'scopes',
      label: t('accessKeys.scopes'),
      priority: 'low',
      render: (row) => (
        <ul className={s.scopes}>
          {row.scopes.map((scope) => (
            <li key={scope}>{scopeLabel(t, scope)}</li>
          ))}
        </ul>
      ),
    },
    { key: 'expires_at', label: t('accessKeys.expires'), sort: 'expires_at', render: (row) => <KeyExpiry accessKey={row} /> },
    { key: 'last_used_at', label: t('accessKeys.lastUsed'), sort: 'last_used_at', priority: 'low', render: (row) => <Age at={row.last_used_at} /> },
    { key: 'created_at', label: t('accessKeys.created'), sort: 'created_at', priority: 'low', render: (row) => <Age at={row.created_at} /> },
    { key: 'status', label: t('accessKeys.status'), render: (row) => <KeyStatusBadge status={keyStatus(row)} /> },
    {
      key: 'actions',
      label: t('accessKeys.actions'),
      align: 'end',
      render: (row) =>
        row.revoked_at ? null : (
          <span className={s.actions}>
            <Button variant="text" aria-label={t('accessKeys.renameOf', { name: row.name })} onClick={() => actions.onRename(row)}>
              {t('accessKeys.rename')}
            </Button>
            <Button variant="text" aria-label={t('accessKeys.revokeOf', { name: row.name })} onClick={() => actions.onRevoke(row)}>
              {t('accessKeys.revoke')}
            </Button>
          </span>
        ),
    },
  ]
}
