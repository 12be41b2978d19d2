import { randomUUID } from 'node:crypto'
import type { Db } from '../db/open'

export const MAX_FAILED_SIGN_INS = 10
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

/**
 * Seconds until the address may try again, or 0 when it may try now: at most
 * MAX_FAILED_SIGN_INS failures per address within SIGN_IN_WINDOW_MS.
 */
export async function signInWait(db: Db, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString()
  const failures = await db
    .selectFrom('login_attempts')
    .select('at')
    .where('email', '=', email)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(MAX_FAILED_SIGN_INS)
    .execute()
  const oldest = failures[MAX_FAILED_SIGN_INS - 1]
  if (!oldest) return 0
  // Once the oldest of the last MAX failures leaves the window, one more attempt is allowed.
  return Math.max(1, Math.ceil((Date.parse(oldest.at) + SIGN_IN_WINDOW_MS - now.getTime()) / 1000))
}

export async function recordFailedSignIn(db: Db, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString()
  await db.deleteFrom('login_attempts').where('at', '<=', since).execute()
  await db.insertInto('login_attempts').values({ id: randomUUID(), email, at: now.toISOString() }).execute()
}

/** A successful sign-in or a password reset starts the count again. */
export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute()
}
