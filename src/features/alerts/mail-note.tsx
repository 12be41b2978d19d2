import { $locale } from '../../stores/locale'
import { Banner } from '../../ui/banner'
import { useT } from '../../ui/use-t'
import { getMailUsage } from './alerts-api'
import { useLiveAlerts } from './use-alerts'

/**
 * Says when the organization's alert mail is held back past its hourly limit: how many alerts wait
 * and when they go out, folded one mail per rule. Nothing while mail flows (or the count is unread).
 */
export function MailNote() {
  const t = useT()
  const usage = useLiveAlerts('mail', getMailUsage).data
  if (!usage || usage.held === 0) return null
  const time = usage.window_ends_at ? new Date(usage.window_ends_at).toLocaleTimeString($locale.get(), { hour: '2-digit', minute: '2-digit' }) : ''
  return <Banner variant="warning">{t('alerts.mailHeld', { limit: usage.limit, count: usage.held, time })}</Banner>
}
