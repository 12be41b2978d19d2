import { randomBytes, timingSafeEqual } from 'node:crypto'
import { KEY_PREFIX } from '../../contract/access-keys'
import type { Right } from '../../contract/rights'
import type { Db } from '../db/open'
import { parseRights, rightsOf } from './accounts'
import { hashSecret } from './tokens'

/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000
const KEY_PATTERN = /^(edk_[a-z0-9]{8})_([\w-]{43})$/

/** A new key: `edk_<8>_<43>`; the first part is its public prefix, the whole only ever hashed. */
export function newKey(): { key: string; prefix: string; hash: string } {
  const prefix = KEY_PREFIX + randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 8)
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`
  return { key, prefix, hash: hashSecret(key) }
}

export const looksLikeKey = (token: string) => token.startsWith(KEY_PREFIX)

export interface KeyHolder {
  keyId: string
  userId: string
  organizationId: string
  /** The key's scopes that its maker still holds in its organization. */
  rights: Right[]
  expiresAt: string | null
}

/** Who a key speaks for, or undefined when it is unknown, revoked, expired or its maker gone. */
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
  const makerRights = await rightsOf(db, row.created_by, row.organization_id)
  if (!makerRights) return undefined
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await db.updateTable('access_keys').set({ last_used_at: at }).where('id', '=', row.id).execute()
  }
  const scopes = new Set(parseRights(row.scopes))
  return {
    keyId: row.id,
    userId: row.created_by,
    organizationId: row.organization_id,
    rights: makerRights.filter((right) => scopes.has(right)),
    expiresAt: row.expires_at,
  }
}
