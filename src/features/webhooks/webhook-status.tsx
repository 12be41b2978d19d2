import type { LastDelivery, Webhook } from '../../contract/webhooks'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { formatDateTime } from '../../ui/date-time'
import { useT } from '../../ui/use-t'
import s from './webhooks.module.css'

/** On, off by hand, or turned off by the console for failing; and since when it fails, while it does. */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  const t = useT()
  return (
    <span className={s.status}>
      {webhook.enabled ? (
        <Badge tone="success">{t('webhooks.statusOn')}</Badge>
      ) : webhook.disabled_reason === 'failing' ? (
        <Badge tone="error">{t('webhooks.statusDisabled')}</Badge>
      ) : (
        <Badge tone="muted" hollow>
          {t('webhooks.statusOff')}
        </Badge>
      )}
      {webhook.failing_since && (
        <span className={s.failing}>
          {t('webhooks.failingSince', { since: formatDateTime(webhook.failing_since) })}
        </span>
      )}
    </span>
  )
}

/** What a try came to: delivered with its status, or why it failed (with the status a refusal or redirect had). */
export function deliveryResult(t: (key: string, vars?: Record<string, unknown>) => string, entry: { status_code: number | null; error: string | null }): string {
  if (entry.error === null) return entry.status_code === null ? '' : t('webhooks.delivered', { code: entry.status_code })
  const reason = t(`webhooks.error.${entry.error}`, { code: entry.status_code ?? '' })
  return entry.error === 'redirect' && entry.status_code !== null ? `${reason} · ${entry.status_code}` : reason
}

/** The last try of a webhook: when, and how it went; "never" before the first. */
export function LastTry({ last }: { last: LastDelivery | null }) {
  const t = useT()
  if (!last) return <span className={s.muted}>{t('webhooks.never')}</span>
  return (
    <span className={s.last}>
      <Badge tone={last.ok ? 'success' : 'error'} hollow>
        {deliveryResult(t, last)}
      </Badge>
      <Age at={last.at} className={s.muted} />
    </span>
  )
}
