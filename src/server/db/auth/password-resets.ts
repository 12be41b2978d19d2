import type { Db } from '../open'

/** Marks the user's open reset links used (`at`, ISO). */
export async function closeResetLinksOf(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
}

/** Writes a reset link; only its token's hash is kept. */
export async function insertResetLink(db: Db, link: { id: string; tokenHash: string; userId: string; at: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ id: link.id, token_hash: link.tokenHash, user_id: link.userId, created_at: link.at, expires_at: link.expiresAt, used_at: null })
    .execute()
}

/** The unused reset link of this hash before its end (`at`, ISO), with its user's id and address. */
export const openResetLink = (db: Db, tokenHash: string, at: string) =>
  db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'users.id as user_id', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', at)
    .executeTakeFirst()

/** Marks the reset link used; false when another request used it first. */
export async function claimResetLink(db: Db, id: string, at: string): Promise<boolean> {
  const claimed = await db.updateTable('password_resets').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst()
  return claimed.numUpdatedRows > 0n
}

/** Sets the user's password hash. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute()
}
