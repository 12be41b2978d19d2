import type { Right } from './rights'

/** Who wrote: a signed-in user, an access key, or an app id's token. */
export type ActorKind = 'user' | 'key' | 'app'

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
  ip: string
  user_agent: string
}

export const AUDIT_PATH = '/audit/'
/** `GET` with `format=csv|jsonl` and an optional `from` and `to` (ISO times): the trail as a download. */
export const AUDIT_EXPORT_PATH = '/audit/export'
/** How many of the latest changes the home screen shows. */
export const RECENT_CHANGES = 5
