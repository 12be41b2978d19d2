import { collection, type Page } from '../../api/collection'
import { call, type Result } from '../../api/client'
import { ALERT_MAIL_PATH, ALERT_MUTES_PATH } from '../../contract/paths'
import { ALERTS_PATH, type Alert, type AlertAck, type AlertMailUsage, type AlertMute, type AlertMuteInput, type AlertRule, type AlertRuleInput } from '../../contract/alerts'
import type { UserRecord } from '../../contract/users'

export const rulesApi = collection<AlertRule, AlertRuleInput>('alert_rules')
/** Read only: the users a rule mails are picked from the organization's. */
export const usersApi = collection<UserRecord>('users')

export { RULE_LIST } from '../../ui/list/list-defaults'

export { FIRING_PER_PAGE, HISTORY_PER_PAGE } from './alert-pages'

export interface AlertQuery {
  state: 'firing' | 'resolved' | 'all'
  page?: number
  per_page?: number
  device_id?: string
}

/** `GET /alerts`: the organization's alerts, newest first, with the total. */
export async function listAlerts(query: AlertQuery, signal?: AbortSignal): Promise<Result<Page<Alert>>> {
  const result = await call<Alert[]>('GET', ALERTS_PATH, { query: { ...query }, signal })
  return result.ok ? { ...result, data: { rows: result.data, total: result.total ?? result.data.length } } : result
}

export const ackAlert = (id: string, body: AlertAck) => call<Alert>('POST', `${ALERTS_PATH}/${encodeURIComponent(id)}/ack`, { body })

export const listMutes = (signal?: AbortSignal) => call<AlertMute[]>('GET', ALERT_MUTES_PATH, { signal })
export const createMute = (body: AlertMuteInput) => call<AlertMute>('POST', ALERT_MUTES_PATH, { body })
export const removeMute = (id: string) => call<AlertMute>('DELETE', `${ALERT_MUTES_PATH}/${encodeURIComponent(id)}`)

/** `GET /alerts/mail`: the organization's alert mail this hour against its limit, and what waits past it. */
export const getMailUsage = (signal?: AbortSignal) => call<AlertMailUsage>('GET', ALERT_MAIL_PATH, { signal })
