import { array, enums, literal, object, type Infer } from 'superstruct'
import { nullable, size, union } from './json-schema'
import type { BaseRecord } from './collections'
import { RIGHTS } from './rights'
import { LIMITS, Text } from './validation'

/** Days a new key lasts; null never expires. */
export const KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const
/** A key is marked in the list as ending soon within this many days at most (and under a fifth of its life). */
export const EXPIRING_SOON_DAYS = 7

/**
 * A key's own scope beside the rights: it sends device heartbeats and does nothing else, the key a
 * device should hold. It is no right of a role; giving it needs `devices`, and so does using it.
 */
export const HEARTBEAT_SCOPE = 'heartbeat'
export const KEY_SCOPES = [HEARTBEAT_SCOPE, ...RIGHTS] as const
export type KeyScope = (typeof KEY_SCOPES)[number]
export const isKeyScope = (value: string): value is KeyScope => (KEY_SCOPES as readonly string[]).includes(value)

export interface AccessKey extends BaseRecord {
  name: string
  /** The public start of the key (`edk_ab12cd34`), all that is shown after creation. */
  prefix: string
  scopes: KeyScope[]
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
}

/** `POST /access_keys/` answers the key with its secret, the only time the secret is sent. */
export interface IssuedKey extends AccessKey {
  secret: string
}

export const AccessKeyInput = object({
  name: Text(LIMITS.name),
  scopes: size(array(enums(KEY_SCOPES)), 1, KEY_SCOPES.length),
  expires_in_days: nullable(union([literal(7), literal(30), literal(90), literal(365)])),
})
export type AccessKeyInput = Infer<typeof AccessKeyInput>

/** A key's name can change after issue; its scopes and expiry cannot. */
export const AccessKeyUpdate = object({ name: Text(LIMITS.name) })
export type AccessKeyUpdate = Infer<typeof AccessKeyUpdate>

export const KEY_PREFIX = 'edk_'
