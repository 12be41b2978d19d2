import type { Db } from '../open'

/** A session as written when it begins; times are ISO. */
export interface NewSessionRow {
  id: string
  tokenHash: string
  userId: string
  at: string
  idleUntil: string
  expiresAt: string
  idleSeconds: number
  remember: boolean
  method: string
  ip: string
  userAgent: string
}

/** Records a sign-in: who, in which organization, how, from where. */
export async function insertSignIn(
  db: Db,
  signIn: { id: string; userId: string; organizationId: string | null; at: string; method: string; ip: string; userAgent: string },
): Promise<void> {
  await db
    .insertInto('sign_ins')
    .values({ id: signIn.id, user_id: signIn.userId, organization_id: signIn.organizationId, at: signIn.at, method: signIn.method, ip: signIn.ip, user_agent: signIn.userAgent })
    .execute()
}

/** Writes a new session, last used when it began. */
export async function insertSession(db: Db, session: NewSessionRow): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      id: session.id,
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.at,
      revoked_at: null,
      last_used_at: session.at,
      idle_until: session.idleUntil,
      expires_at: session.expiresAt,
      idle_seconds: session.idleSeconds,
      remember: session.remember ? 1 : 0,
      method: session.method,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute()
}

/** The live session of this hash held by an active user: not revoked, before its end and its idle end (`at`, ISO). */
export const liveSessionByHash = (db: Db, tokenHash: string, at: string) =>
  db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id', 'tokens.last_used_at', 'tokens.idle_seconds', 'users.id as user_id'])
    .where('tokens.token_hash', '=', tokenHash)
    .where('tokens.revoked_at', 'is', null)
    .where('tokens.expires_at', '>', at)
    .where('tokens.idle_until', '>', at)
    .where('users.status', '=', 'active')
    .executeTakeFirst()

/** Notes a session's use and pushes its idle end on. */
export async function touchSession(db: Db, id: string, at: string, idleUntil: string): Promise<void> {
  await db.updateTable('tokens').set({ last_used_at: at, idle_until: idleUntil }).where('id', '=', id).execute()
}

/** A session of this hash, whatever its state, with its user's status. */
export const sessionByHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.revoked_at', 'tokens.expires_at', 'tokens.idle_until', 'users.id as user_id', 'users.status'])
    .where('tokens.token_hash', '=', tokenHash)
    .executeTakeFirst()

/** The status of each of the user's member rows, one per organization. */
export const memberStatusesOf = (db: Db, userId: string) => db.selectFrom('members').select('status').where('user_id', '=', userId).execute()

/** Ends the session of this hash, unless it ended already. */
export async function revokeSessionByHash(db: Db, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('tokens').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute()
}

/** Ends every open session of the user. */
export async function revokeSessionsOf(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}

/** Deletes the sessions past their end or their idle end (`at`, ISO). */
export async function deleteRunOutSessions(db: Db, at: string): Promise<void> {
  await db
    .deleteFrom('tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb('idle_until', '<=', at)]))
    .execute()
}
