import { randomBytes, timingSafeEqual } from 'node:crypto'
import { HEARTBEAT_SCOPE, isKeyScope, KEY_PREFIX, type KeyScope } from '../../contract/access-keys'
import type { Right } from '../../contract/rights'
import { noteUnlessTroubled } from '../db/errors'
import type { Db } from '../db/open'
import { rightsOf } from '../auth/accounts'
import { hashSecret } from '../auth/tokens'
import { keyByPrefix, liveKeyChain, touchKey } from '../db/access-keys'

/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000
const KEY_PATTERN = /^(edk_[a-z0-9]{8})_([\w-]{43})$/

/** A new key: `edk_<8>_<43>`; the first part is its public prefix, the whole only ever hashed. */
export function newKey(): { key: string; prefix: string; hash: string } {
  const prefix = KEY_PREFIX + randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 8)
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`
  return { key, prefix, hash: hashSecret(key) }
}

export { MAX_KEY_DEPTH } from '../db/access-keys'

export const looksLikeKey = (token: string) => token.startsWith(KEY_PREFIX)

/** A key's stored scopes, keeping only real ones. */
export const parseKeyScopes = (json: string): KeyScope[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((scope): scope is KeyScope => typeof scope === 'string' && isKeyScope(scope)) : []
  } catch {
    return []
  }
}

export interface KeyHolder {
  keyId: string
  userId: string
  organizationId: string
  /** The key's scopes that its maker still holds in its organization. */
  rights: Right[]
  expiresAt: string | null
  /** It may send heartbeats: `heartbeat` or `devices` among its scopes, and its maker holds `devices`. */
  heartbeat: boolean
  /** It holds `heartbeat` alone: every other route refuses it. */
  heartbeatOnly: boolean
  /** How many keys deep it was made: 1 when a person made it. */
  keyDepth: number
}

/** Who a key speaks for, or undefined when it is unknown, revoked, expired, its maker gone, or a key that made it ended. */
export async function keyHolder(db: Db, token: string, now: Date): Promise<KeyHolder | undefined> {
  const parts = KEY_PATTERN.exec(token)
  if (!parts) return undefined
  const row = await keyByPrefix(db, parts[1]!)
  if (!row || row.revoked_at || !row.created_by) return undefined
  const want = Buffer.from(row.secret_hash, 'hex')
  const got = Buffer.from(hashSecret(token), 'hex')
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined
  const at = now.toISOString()
  if (row.expires_at && row.expires_at <= at) return undefined
  const makers = row.made_by_key === null ? 0 : await liveKeyChain(db, row.made_by_key, now)
  if (makers === undefined) return undefined
  const makerRights = await rightsOf(db, row.created_by, row.organization_id)
  if (!makerRights) return undefined
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await noteUnlessTroubled(() => touchKey(db, row.id, at))
  }
  const scopes = new Set(parseKeyScopes(row.scopes))
  return {
    keyId: row.id,
    userId: row.created_by,
    organizationId: row.organization_id,
    rights: makerRights.filter((right) => scopes.has(right)),
    expiresAt: row.expires_at,
    heartbeat: makerRights.includes('devices') && (scopes.has(HEARTBEAT_SCOPE) || scopes.has('devices')),
    heartbeatOnly: [...scopes].every((scope) => scope === HEARTBEAT_SCOPE),
    keyDepth: makers + 1,
  }
}
