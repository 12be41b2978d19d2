import { APP_TOKEN_PREFIX } from '../../contract/app-ids'
import type { Right } from '../../contract/rights'
import { deleteRunOutAppTokens, liveAppToken } from '../db/auth/app-tokens'
import type { Db } from '../db/open'
import { liveKeyChain } from '../db/access-keys'
import { parseRights, rightsOf } from './accounts'
import { hashSecret } from './tokens'

export const looksLikeAppToken = (token: string) => token.startsWith(APP_TOKEN_PREFIX)

export interface AppHolder {
  appId: string
  organizationId: string
  /** The token's scopes that the app id still holds and its maker too. */
  rights: Right[]
  expiresAt: string
}

/** Who an app token speaks for, or undefined when it is unknown, expired, or its app id rotated, deleted, orphaned or made with a key that ended. */
export async function appHolder(db: Db, token: string, now: Date): Promise<AppHolder | undefined> {
  if (!looksLikeAppToken(token)) return undefined
  const row = await liveAppToken(db, hashSecret(token), now.toISOString())
  if (!row || !row.created_by) return undefined
  if (row.made_by_key !== null && !(await liveKeyChain(db, row.made_by_key, now))) return undefined
  const makerRights = await rightsOf(db, row.created_by, row.organization_id)
  if (!makerRights) return undefined
  const appScopes = new Set(parseRights(row.scopes))
  const tokenScopes = new Set(parseRights(row.token_scopes))
  return {
    appId: row.id,
    organizationId: row.organization_id,
    rights: makerRights.filter((right) => appScopes.has(right) && tokenScopes.has(right)),
    expiresAt: row.expires_at,
  }
}

/** Deletes the app tokens past their end. */
export async function pruneAppTokens(db: Db, now: Date): Promise<void> {
  await deleteRunOutAppTokens(db, now.toISOString())
}
