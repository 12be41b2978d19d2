import type { AlertRule } from '../../contract/alerts'
import type { t as translate } from '../../lib/i18n'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import s from './alerts.module.css'

export interface RuleActions {
  /** Editing and deleting take the right `alerts`; without it the list reads. */
  onEdit?: (rule: AlertRule) => void
  onDelete?: (rule: AlertRule) => void
}

/** Which devices a rule watches, in words. */
export const targetText = (t: typeof translate, rule: AlertRule) =>
  t(`alerts.rules.targetOf.${rule.target}`, { tag: rule.tag ?? '', device: rule.device_name ?? rule.device_id ?? '' })

/** How many a rule tells, and how many of its outside addresses wait for their confirmation or refused. */
export function recipientsText(t: typeof translate, rule: AlertRule): string {
  const count = (state: string) => (rule.email_states ?? []).filter((entry) => entry.state === state).length
  const waiting = count('pending')
  const refused = count('refused')
  return [
    String(rule.user_ids.length + rule.emails.length),
    waiting ? t('alerts.rules.recipientsWaiting', { count: waiting }) : '',
    refused ? t('alerts.rules.recipientsRefused', { count: refused }) : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The columns of the rules list. */
export function ruleColumns(t: typeof translate, actions: RuleActions): Column<AlertRule>[] {
  const { onEdit, onDelete } = actions
  return [
    { key: 'name', label: t('alerts.rules.name'), sort: 'name', priority: 'high', render: (row) => <span className={s.subject}>{row.name}</span> },
    { key: 'condition', label: t('alerts.rules.condition'), sort: 'condition', render: (row) => t(`alerts.conditions.${row.condition}`) },
    { key: 'target', label: t('alerts.rules.target'), sort: 'target', render: (row) => (row.condition === 'key_expiring' ? '—' : targetText(t, row)) },
    { key: 'recipients', label: t('alerts.rules.recipients'), priority: 'low', align: 'end', render: (row) => recipientsText(t, row) },
    {
      key: 'enabled',
      label: t('alerts.rules.enabled'),
      render: (row) => (
        <Badge tone={row.enabled ? 'success' : 'muted'} hollow={!row.enabled}>
          {t(row.enabled ? 'alerts.rules.on' : 'alerts.rules.off')}
        </Badge>
      ),
    },
    ...(onEdit && onDelete
      ? [
          {
            key: 'actions',
            label: t('alerts.rules.actions'),
            align: 'end' as const,
            render: (row: AlertRule) => (
              <span className={s.actions}>
                <Button variant="text" aria-label={t('alerts.rules.editOf', { name: row.name })} onClick={() => onEdit(row)}>
                  {t('record.edit')}
                </Button>
                <Button variant="text" aria-label={t('alerts.rules.deleteOf', { name: row.name })} onClick={() => onDelete(row)}>
                  {t('record.delete')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ]
}
