import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { SessionEndReason } from '../../contract/session-end'
import {
  deleteRunOutSessions,
  insertSession,
  insertSignIn,
  liveSessionByHash,
  memberStatusesOf,
  revokeSessionByHash,
  revokeSessionsOf,
  sessionByHash,
  touchSession,
} from '../db/auth/sessions'
import { noteUnlessTroubled } from '../db/errors'
import type { Db } from '../db/open'
import type { WrittenEntries } from '../audit/live'
import { currentOrganization } from './accounts'

/** 32 random bytes, base64url: what the client keeps. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** What the database keeps instead of a secret. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** How long a session lasts unused (`idle`) and at most (`max`), in seconds. */
export interface SessionLimits {
  idleSeconds: number
  maxSeconds: number
}

/** "Remember me" ticked gives the long limits, unticked the short ones. */
export interface SessionPolicy {
  remembered: SessionLimits
  short: SessionLimits
}

const HOUR = 3600
const DAY = 24 * HOUR

export const DEFAULT_SESSIONS: SessionPolicy = {
  remembered: { idleSeconds: 14 * DAY, maxSeconds: 30 * DAY },
  short: { idleSeconds: 2 * HOUR, maxSeconds: 12 * HOUR },
}

/** A session's last use is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString()

/** How a session began: the method (`password`, `invitation`, a provider's name), the address and the browser (`userAgentOf`). */
export interface SignInOrigin {
  method: string
  ip: string
  userAgent: string
  /** The request's list of written trail entries (see `Origin` in audit/trail). */
  written?: WrittenEntries
}

/** Starts a session for the user, records the sign-in, and returns its bearer token. */
export async function issueToken(
  db: Db,
  userId: string,
  now: Date,
  policy: SessionPolicy,
  remember: boolean,
  origin: SignInOrigin = { method: 'password', ip: '', userAgent: '' },
): Promise<string> {
  const token = newSecret()
  const limits = remember ? policy.remembered : policy.short
  const at = now.toISOString()
  await insertSignIn(db, { id: randomUUID(), userId, organizationId: (await currentOrganization(db, userId)) ?? null, at, method: origin.method, ip: origin.ip, userAgent: origin.userAgent })
  await insertSession(db, {
    id: randomUUID(),
    tokenHash: hashSecret(token),
    userId,
    at,
    idleUntil: later(now, limits.idleSeconds),
    expiresAt: later(now, limits.maxSeconds),
    idleSeconds: limits.idleSeconds,
    remember,
    method: origin.method,
    ip: origin.ip,
    userAgent: origin.userAgent,
  })
  return token
}

/**
 * The id of the active user holding this token, or undefined when it is unknown, revoked, past its
 * end or unused past its idle limit. A use pushes the idle end on.
 */
export async function tokenUser(db: Db, token: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString()
  const row = await liveSessionByHash(db, hashSecret(token), at)
  if (!row) return undefined
  if (now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await noteUnlessTroubled(() => touchSession(db, row.id, at, later(now, row.idle_seconds)))
  }
  return row.user_id
}

/**
 * Why a session token that signs nobody in stopped working, while the server still knows it: a
 * disabled account (disabled everywhere it belonged, which also ended its sessions), an ended
 * session, or one past its end or unused too long. Undefined for a token it never issued.
 */
export async function whyRefused(db: Db, token: string, now: Date): Promise<SessionEndReason | undefined> {
  const row = await sessionByHash(db, hashSecret(token))
  if (!row) return undefined
  const memberships = await memberStatusesOf(db, row.user_id)
  const active = memberships.some((member) => member.status === 'active')
  if (row.status === 'disabled' || (!active && memberships.some((member) => member.status === 'disabled'))) return 'account_disabled'
  if (row.revoked_at !== null || !active) return 'session_ended'
  const at = now.toISOString()
  return row.expires_at <= at || row.idle_until <= at ? 'session_expired' : undefined
}

/** Ends the session of this token. */
export async function revokeToken(db: Db, token: string, now: Date): Promise<void> {
  await revokeSessionByHash(db, hashSecret(token), now.toISOString())
}

/** Signs the user out everywhere, e.g. after a password reset. */
export async function revokeUserTokens(db: Db, userId: string, now: Date): Promise<void> {
  await revokeSessionsOf(db, userId, now.toISOString())
}

/**
 * Deletes the sessions that can no longer sign anything in. An ended one stays until it would have
 * run out anyway (its idle end at most), so a console opened on it meanwhile is told why (`whyRefused`).
 */
export async function pruneTokens(db: Db, now: Date): Promise<void> {
  await deleteRunOutSessions(db, now.toISOString())
}
