import type { Db } from '../open'

/** The user's sessions that can still sign a request in at `at` (ISO): not ended, not past their end, not idle too long. */
const live = (db: Db, userId: string, at: string) =>
  db.selectFrom('tokens').where('user_id', '=', userId).where('revoked_at', 'is', null).where('expires_at', '>', at).where('idle_until', '>', at)

/** The user's live sessions as their list shows them. */
export const liveSessionsOf = (db: Db, userId: string, at: string) =>
  live(db, userId, at).select(['id', 'token_hash', 'created_at', 'last_used_at', 'method', 'ip', 'user_agent', 'remember']).execute()

/** The token hashes of the user's live sessions but the one of `ownHash`. */
export async function otherLiveSessionHashes(db: Db, userId: string, at: string, ownHash: string): Promise<string[]> {
  const rows = await live(db, userId, at).select('token_hash').where('token_hash', '!=', ownHash).execute()
  return rows.map((row) => row.token_hash)
}

/** The token hash of the user's live session `id`. */
export async function liveSessionHash(db: Db, userId: string, at: string, id: string): Promise<string | undefined> {
  return (await live(db, userId, at).select('token_hash').where('id', '=', id).executeTakeFirst())?.token_hash
}

/** Ends the user's open sessions with these token hashes; returns how many ended. */
export async function revokeSessionsByHash(db: Db, userId: string, tokenHashes: string[], at: string): Promise<number> {
  const ended = await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(ended.numUpdatedRows)
}

/** The user's latest sign-ins into the organization, newest first. */
export const signInsOf = (db: Db, userId: string, organizationId: string, limit: number) =>
  db
    .selectFrom('sign_ins')
    .select(['at', 'method', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
