import type { Webhook } from '../../contract/webhooks'
import type { t as translate } from '../../lib/i18n'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { LastTry, WebhookStatus } from './webhook-status'
import s from './webhooks.module.css'

export interface WebhookActions {
  /** Absent for those who may read webhooks but not change them. */
  onEdit?: (webhook: Webhook) => void
  onRotate?: (webhook: Webhook) => void
  onTest?: (webhook: Webhook) => void
  onDelete?: (webhook: Webhook) => void
  onLog: (webhook: Webhook) => void
}

/** The columns of the webhooks list: name, URL, status, last delivery and the actions. */
export function webhookColumns(t: typeof translate, actions: WebhookActions): Column<Webhook>[] {
  const action = (label: string, of: string, row: Webhook, run?: (webhook: Webhook) => void) =>
    run && (
      <Button variant="text" aria-label={t(of, { name: row.name })} onClick={() => run(row)}>
        {t(label)}
      </Button>
    )
  return [
    {
      key: 'name',
      label: t('webhooks.name'),
      sort: 'name',
      render: (row) => (
        <span className={s.nameCell}>
          <span className={s.name}>{row.name}</span>
          {row.description && <span className={s.muted}>{row.description}</span>}
        </span>
      ),
    },
    {
      key: 'url',
      label: t('webhooks.url'),
      render: (row) => (
        <code className={s.url} dir="ltr" title={row.url}>
          {row.url}
        </code>
      ),
    },
    { key: 'status', label: t('webhooks.status'), render: (row) => <WebhookStatus webhook={row} /> },
    { key: 'last_delivery', label: t('webhooks.lastDelivery'), priority: 'low', render: (row) => <LastTry last={row.last_delivery} /> },
    {
      key: 'actions',
      label: t('webhooks.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          {action('webhooks.log', 'webhooks.logOf', row, actions.onLog)}
          {action('webhooks.test', 'webhooks.testOf', row, actions.onTest)}
          {action('webhooks.edit', 'webhooks.editOf', row, actions.onEdit)}
          {action('webhooks.rotate', 'webhooks.rotateOf', row, actions.onRotate)}
          {action('webhooks.delete', 'webhooks.deleteOf', row, actions.onDelete)}
        </span>
      ),
    },
  ]
}
