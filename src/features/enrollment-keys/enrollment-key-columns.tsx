import type { EnrollmentKey } from '../../contract/enrollment'
import type { t as translate } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { EnrollmentKeyBadge, enrollmentKeyStatus } from './enrollment-key-status'
import s from './enrollment-keys.module.css'
import './texts'

export interface EnrollmentKeyActions {
  onShow: (key: EnrollmentKey) => void
  onRename: (key: EnrollmentKey) => void
  onRevoke: (key: EnrollmentKey) => void
}

/** "3 of 10", or "one-off" with whether it was used. */
const usesOf = (t: typeof translate, key: EnrollmentKey) =>
  key.max_uses === 1 ? t(key.uses ? 'enrollmentKeys.oneOffUsed' : 'enrollmentKeys.oneOff') : t('enrollmentKeys.usesOf', { uses: key.uses, max: key.max_uses })

/** What the key presets on the devices it enrolls: tags, location and model, as far as it says. */
function Presets({ row, t }: { row: EnrollmentKey; t: typeof translate }) {
  const parts = [
    ...(row.tags.length ? [`${t('enrollmentKeys.tags')}: ${row.tags.join(', ')}`] : []),
    ...(row.location ? [`${t('enrollmentKeys.location')}: ${row.location}`] : []),
    ...(row.model ? [`${t('enrollmentKeys.model')}: ${row.model}`] : []),
  ]
  if (!parts.length) return <>—</>
  return (
    <ul className={s.presets}>
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  )
}

const yesNo = (t: typeof translate, value: boolean) => (value ? t('enrollmentKeys.yes') : t('enrollmentKeys.no'))

/** The columns of the enrollment keys list; a revoked key keeps its row, marked, and offers only its devices. */
export function enrollmentKeyColumns(t: typeof translate, actions: EnrollmentKeyActions): Column<EnrollmentKey>[] {
  return [
    { key: 'name', label: t('enrollmentKeys.name'), sort: 'name', priority: 'high', render: (row) => <span className={s.name}>{row.name}</span> },
    {
      key: 'prefix',
      label: t('enrollmentKeys.prefix'),
      render: (row) => (
        <code className={s.mono} dir="ltr">
          {row.prefix}…
        </code>
      ),
    },
    { key: 'uses', label: t('enrollmentKeys.uses'), sort: 'uses', render: (row) => usesOf(t, row) },
    { key: 'expires_at', label: t('enrollmentKeys.expires'), sort: 'expires_at', render: (row) => <Age at={row.expires_at} /> },
    { key: 'presets', label: t('enrollmentKeys.presets'), priority: 'low', render: (row) => <Presets row={row} t={t} /> },
    { key: 'approve', label: t('enrollmentKeys.approve'), priority: 'low', render: (row) => yesNo(t, row.approve) },
    { key: 'ephemeral', label: t('enrollmentKeys.ephemeral'), priority: 'low', render: (row) => yesNo(t, row.ephemeral) },
    { key: 'last_used_at', label: t('enrollmentKeys.lastUsed'), sort: 'last_used_at', priority: 'low', render: (row) => <Age at={row.last_used_at} /> },
    { key: 'status', label: t('enrollmentKeys.statusLabel'), render: (row) => <EnrollmentKeyBadge status={enrollmentKeyStatus(row)} /> },
    {
      key: 'actions',
      label: t('enrollmentKeys.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          <Button variant="text" aria-label={t('enrollmentKeys.devicesOf', { name: row.name })} onClick={() => actions.onShow(row)}>
            {t('enrollmentKeys.devices')}
          </Button>
          {!row.revoked_at && (
            <>
              <Button variant="text" aria-label={t('enrollmentKeys.renameOf', { name: row.name })} onClick={() => actions.onRename(row)}>
                {t('enrollmentKeys.rename')}
              </Button>
              <Button variant="text" aria-label={t('enrollmentKeys.revokeOf', { name: row.name })} onClick={() => actions.onRevoke(row)}>
                {t('enrollmentKeys.revoke')}
              </Button>
            </>
          )}
        </span>
      ),
    },
  ]
}
