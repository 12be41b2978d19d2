import { randomBytes, timingSafeEqual } from 'node:crypto'
import { HEARTBEAT_SCOPE, isKeyScope, KEY_PREFIX, type KeyScope } from '../../contract/access-keys'
import type { Right } from '../../contract/rights'
import { noteUnlessTroubled } from '../db/errors'
import type { Db } from '../db/open'
import { rightsOf } from './accounts'
import { hashSecret } from './tokens'

/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000
const KEY_PATTERN = /^(edk_[a-z0-9]{8})_([\w-]{43})$/
/** How many keys deep a key may be made by keys: each use walks the chain up to the person. */
export const MAX_KEY_DEPTH = 8

/** A new key: `edk_<8>_<43>`; the first part is its public prefix, the whole only ever hashed. */
export function newKey(): { key: string; prefix: string; hash: string } {
  const prefix = KEY_PREFIX + randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 8)
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`
  return { key, prefix, hash: hashSecret(key) }
}

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

/**
 * How many keys the chain that starts at `keyId` holds (the key, the key that made it, and so on up
 * to the one a person made), or undefined when one of them is gone, revoked or expired: what a key
 * makes ends with it.
 */
export async function liveKeyChain(db: Db, keyId: string, now: Date): Promise<number | undefined> {
  const at = now.toISOString()
  const seen = new Set<string>()
  for (let id: string | null = keyId; id !== null; ) {
    if (seen.has(id) || seen.size >= MAX_KEY_DEPTH) return undefined
    seen.add(id)
    const row = await db.selectFrom('access_keys').select(['revoked_at', 'expires_at', 'made_by_key']).where('id', '=', id).executeTakeFirst()
    if (!row || row.revoked_at || (row.expires_at !== null && row.expires_at <= at)) return undefined
    id = row.made_by_key
  }
  return seen.size
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
  const row = await db.selectFrom('access_keys').selectAll().where('prefix', '=', parts[1]!).executeTakeFirst()
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
    await noteUnlessTroubled(() => db.updateTable('access_keys').set({ last_used_at: at }).where('id', '=', row.id).execute())
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
