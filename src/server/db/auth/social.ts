import type { OAuthStateRow } from '../schema'
import type { Db } from '../open'

/** Deletes the provider flows past their end (`at`, ISO). */
export async function deleteRunOutStates(db: Db, at: string): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', at).execute()
}

/** Writes a provider flow, unused. */
export async function insertState(db: Db, row: Omit<OAuthStateRow, 'used_at'>): Promise<void> {
  await db.insertInto('oauth_states').values({ ...row, used_at: null }).execute()
}

/** The unused flow of this state hash and provider before its end (`at`, ISO). */
export const openState = (db: Db, stateHash: string, provider: string, at: string): Promise<OAuthStateRow | undefined> =>
  db
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()

/** Marks a flow used; false when another request used it first. */
export async function claimState(db: Db, id: string, at: string): Promise<boolean> {
  const claimed = await db.updateTable('oauth_states').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst()
  return claimed.numUpdatedRows !== 0n
}

/** Deletes the one-time codes past their end (`at`, ISO). */
export async function deleteRunOutCodes(db: Db, at: string): Promise<void> {
  await db.deleteFrom('oauth_codes').where('expires_at', '<', at).execute()
}

/** Writes a one-time code, unused; only its hash is kept. */
export async function insertCode(
  db: Db,
  code: { id: string; codeHash: string; userId: string; createdAccount: boolean; provider: string; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('oauth_codes')
    .values({
      id: code.id,
      code_hash: code.codeHash,
      user_id: code.userId,
      created_account: code.createdAccount ? 1 : 0,
      provider: code.provider,
      created_at: code.at,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute()
}

/** The unused code of this hash before its end (`at`, ISO) whose user is active. */
export const openCode = (db: Db, codeHash: string, at: string) =>
  db
    .selectFrom('oauth_codes')
    .innerJoin('users', 'users.id', 'oauth_codes.user_id')
    .select(['oauth_codes.id', 'oauth_codes.user_id', 'oauth_codes.created_account', 'oauth_codes.provider'])
    .where('oauth_codes.code_hash', '=', codeHash)
    .where('oauth_codes.used_at', 'is', null)
    .where('oauth_codes.expires_at', '>', at)
    .where('users.status', '=', 'active')
    .executeTakeFirst()

/** Marks a code used; false when another request used it first. */
export async function claimCode(db: Db, id: string, at: string): Promise<boolean> {
  const claimed = await db.updateTable('oauth_codes').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst()
  return claimed.numUpdatedRows !== 0n
}

/** Links a provider's account (its subject) to a user. */
export async function insertIdentity(db: Db, identity: { id: string; provider: string; subject: string; userId: string; email: string; at: string }): Promise<void> {
  await db
    .insertInto('identities')
    .values({ id: identity.id, provider: identity.provider, subject: identity.subject, user_id: identity.userId, email: identity.email, created_at: identity.at })
    .execute()
}

/** The user a provider's account is linked to, with their status. */
export const linkedUser = (db: Db, provider: string, subject: string) =>
  db
    .selectFrom('identities')
    .innerJoin('users', 'users.id', 'identities.user_id')
    .select(['users.id', 'users.status'])
    .where('identities.provider', '=', provider)
    .where('identities.subject', '=', subject)
    .executeTakeFirst()
