import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/open'

/** 32 random bytes, base64url: what the client keeps. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** What the database keeps instead of a secret. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Starts a session for the user and returns its bearer token. */
export async function issueToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = newSecret()
  await db
    .insertInto('tokens')
    .values({
      id: randomUUID(),
      token_hash: hashSecret(token),
      user_id: userId,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .execute()
  return token
}

/** The id of the active user holding this token, or undefined when it is unknown or revoked. */
export async function tokenUser(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select('users.id')
    .where('tokens.token_hash', '=', hashSecret(token))
    .where('tokens.revoked_at', 'is', null)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  return row?.id
}

export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashSecret(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Signs the user out everywhere, e.g. after a password reset. */
export async function revokeUserTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}
