import type { AuditChange, AuditEntry } from '../../contract/audit'
import { hasText } from '../../lib/i18n'
import { formatDateTime } from '../date-time'

type T = (key: string, params?: Record<string, unknown>) => string

/** A translation, or `fallback` when the locale files have none for `key`. */
export const textOr = (t: T, key: string, fallback: string) => (hasText(key) ? t(key) : fallback)

/** A user's own sign-in, password or session: the record is the actor, named once. */
export const aboutThemselves = (entry: AuditEntry) => entry.collection === 'users' && entry.actor.kind === 'user' && entry.record_id === entry.actor.id

// Actions that take no object: the sentence ends with the verb.
const OBJECTLESS = new Set(['sign_in', 'bulk_undo'])

const after = (changes: AuditChange[], field: string) => {
  const change = changes.find((one) => one.field === field)
  return change && 'after' in change && typeof change.after === 'string' ? change.after : ''
}

/** A mute in one sentence: what it holds back (a device's alerts, a rule, or a rule on a device) and until when. */
export function muteSentence(t: T, entry: AuditEntry): string | null {
  if (entry.action !== 'mute') return null
  const changes = entry.changes ?? []
  const until = after(changes, 'until')
  const rule = after(changes, 'rule')
  const device = after(changes, 'device')
  if (!until || (!rule && !device)) return null
  const kind = rule && device ? 'ruleOnDevice' : rule ? 'rule' : 'device'
  return t(`audit.muted.${kind}`, { rule, device, until: formatDateTime(until) })
}

/**
 * What the actor did, as a whole phrase: one's own step in its own words ("changed their
 * password"), and on one record's trail the record as "this user", since its name is the page's.
 */
export function actionText(t: T, entry: AuditEntry, showRecord: boolean): string {
  if (aboutThemselves(entry) && hasText(`audit.self.${entry.action}`)) return t(`audit.self.${entry.action}`)
  const action = textOr(t, `audit.action.${entry.action}`, entry.action)
  if (showRecord || aboutThemselves(entry) || OBJECTLESS.has(entry.action) || !hasText(`audit.this.${entry.collection}`)) return action
  return t('audit.onRecord', { action, record: t(`audit.this.${entry.collection}`) })
}
