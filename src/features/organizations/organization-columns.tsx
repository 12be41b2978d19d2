import type { OrganizationRecord } from '../../contract/organizations'
import type { t as translate } from '../../lib/i18n'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import s from './organizations.module.css'

export interface OrganizationActions {
  onSwitch: (organization: OrganizationRecord) => void
  onRename: (organization: OrganizationRecord) => void
  /** The organization being switched to, if any. */
  switching: string | null
}

/** A plan's name in words; a plan the texts do not know reads as stored. */
const planOf = (t: typeof translate, plan: string) => {
  const key = `organizations.plans.${plan}`
  const text = t(key)
  return text === key ? plan : text
}

/** The columns of the organizations list: the current one is marked, the others offer a switch. */
export function organizationColumns(t: typeof translate, actions: OrganizationActions): Column<OrganizationRecord>[] {
  return [
    {
      key: 'name',
      label: t('organizations.name'),
      sort: 'name',
      render: (row) => (
        <span className={s.nameCell}>
          <bdi className={s.name}>{row.name}</bdi>
          {row.current && <Badge tone="success">{t('organizations.current')}</Badge>}
        </span>
      ),
    },
    { key: 'plan', label: t('organizations.plan'), sort: 'plan', render: (row) => planOf(t, row.plan) },
    { key: 'member_count', label: t('organizations.members'), sort: 'member_count', align: 'end', render: (row) => row.member_count },
    {
      key: 'actions',
      label: t('organizations.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          {row.can_rename && (
            <Button variant="text" aria-label={t('organizations.renameOf', { name: row.name })} onClick={() => actions.onRename(row)}>
              {t('organizations.rename')}
            </Button>
          )}
          {!row.current && (
            <Button
              variant="secondary"
              aria-label={t('organizations.switchOf', { name: row.name })}
              busy={actions.switching === row.id}
              disabled={actions.switching !== null}
              onClick={() => actions.onSwitch(row)}
            >
              {t('organizations.switch')}
            </Button>
          )}
        </span>
      ),
    },
  ]
}
