import type { Right } from './rights'

/** Who wrote: a signed-in user, an access key, or an app id's token. */
export type ActorKind = 'user' | 'key' | 'app' | 'system'

/**
 * One write in the organization's trail. `collection` is the right that shows it: a viewer sees
 * the entries of the collections they hold.
 */
export interface AuditEntry {
  id: string
  at: string
  actor: { kind: ActorKind; id: string; name: string }
  /** create, update, delete, revoke, rotate, invite, resend, withdraw, disable, enable, sign_in, switch, password, end_session... */
  action: string
  collection: Right
  record_id: string
  record_name: string
  /** The fields an update touched. */
  fields: string[]
  /**
   * Per field, what an update changed (a create's first values, a delete's last ones); a secret
   * or a hash is only said to have changed, never shown.
   */
  changes: AuditChange[]
  ip: string
  user_agent: string
}

/**
 * One field of a change: its value before and after (null when it had none), or `changed` alone
 * for a secret. A value longer than `AUDIT_VALUE_MAX` characters is cut and marked `cut`.
 */
export type AuditChange = { field: string; before: unknown; after: unknown; cut?: true } | { field: string; changed: true }

/** The longest value a change keeps, in characters (JSON for a list or an object); longer ones end in `…`. */
export const AUDIT_VALUE_MAX = 200

/** What the trail's list takes besides paging: who, what, which record and when (ISO times, `to` excluded). */
export const AUDIT_FILTERS = ['collection', 'record_id', 'actor', 'action', 'from', 'to'] as const
export type AuditFilter = (typeof AUDIT_FILTERS)[number]

/** `event: audit` on the events stream: a new entry, carried only to those who may read it. */
export interface AuditEvent {
  id: string
  collection: Right
  action: string
  record_id: string
}

export const AUDIT_PATH = '/audit/'
/** `GET` with `format=csv|jsonl` and an optional `from` and `to` (ISO times): the trail as a download. */
export const AUDIT_EXPORT_PATH = '/audit/export'
/** How many of the latest changes the home screen shows. */
export const RECENT_CHANGES = 5
