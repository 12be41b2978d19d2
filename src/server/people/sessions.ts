import { Hono } from 'hono'
import { PROFILE_API, type SessionRecord } from '../../contract/profile'
import { hashSecret } from '../auth/tokens'
import type { Db } from '../db/open'
import { requireSession, type AuthEnv } from '../http/auth'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { sessionStreams } from '../live/stream'
import { message } from '../messages'
import type { Services } from '../services'
import { browserLabel } from './browser'
import { auditSelf } from './self'
import { describe } from '../openapi/registry'
import { bool, int, list, obj, str, time } from '../openapi/shapes'

/** The user's sessions that can still sign a request in: not ended, not past their end, not idle too long. */
export const liveSessions = (db: Db, userId: string, now: Date) => {
  const at = now.toISOString()
  return db
    .selectFrom('tokens')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('idle_until', '>', at)
}

/**
 * Ends the user's sessions with these token hashes; returns how many ended. Run it in the change's
 * transaction, and end their streams (`disconnectSessions`) once it has committed.
 */
export async function endSessions(db: Db, userId: string, now: Date, tokenHashes: string[]): Promise<number> {
  if (!tokenHashes.length) return 0
  const ended = await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(ended.numUpdatedRows)
}

/** Ends the events streams the sessions with these token hashes opened. */
export const disconnectSessions = (services: Services, tokenHashes: string[]) => {
  for (const hash of tokenHashes) services.hub.disconnect(sessionStreams(hash))
}

/**
 * The user's own sessions: `GET /sessions/` lists the live ones (newest use first, the calling one
 * marked), `DELETE /sessions/{id}` ends one, `POST /sessions/end-others` all but the calling one.
 * Another user's session answers 404 like an ended one: nobody learns of others' sessions.
 */
describe(
  {
    method: 'get',
    path: PROFILE_API.sessions,
    tag: 'Your account',
    summary: 'Your sessions',
    description: 'Your live sessions, last used first, this one marked `current`.',
    caller: 'session',
    answers: {
      200: {
        description: 'The sessions.',
        body: list(obj({ id: str, created_at: time, last_used_at: time, method: str, ip: str, browser: str, current: bool, remember: bool })),
      },
    },
  },
  {
    method: 'post',
    path: PROFILE_API.endOthers,
    tag: 'Your account',
    summary: 'End your other sessions',
    caller: 'session',
    answers: { 200: { description: 'Ended; `ended` says how many.', body: obj({ message: str, ended: int }) } },
  },
  {
    method: 'delete',
    path: '/sessions/:id',
    tag: 'Your account',
    summary: 'End one of your sessions',
    caller: 'session',
    params: { id: 'The session\'s id.' },
    answers: { 200: { description: 'Ended.', body: { ref: 'Message' } } },
  },
)

export function sessionListRoutes(services: Services) {
  const { db } = services
  const session = requireSession(services)

  return new Hono<AuthEnv>()
    .get(route(PROFILE_API.sessions), session, async (c) => {
      const { userId, token } = c.var.session
      const own = hashSecret(token)
      const now = services.now()
      const rows = await liveSessions(db, userId, now)
        .select(['id', 'token_hash', 'created_at', 'last_used_at', 'method', 'ip', 'user_agent', 'remember'])
        .execute()
      // A use is written at most once a minute; the calling session is in use right now.
      const usedAt = (row: (typeof rows)[number]) => (row.token_hash === own ? now.toISOString() : row.last_used_at)
      rows.sort((a, b) => usedAt(b).localeCompare(usedAt(a)) || b.created_at.localeCompare(a.created_at))
      return c.json(
        rows.map(
          (row): SessionRecord => ({
            id: row.id,
            created_at: row.created_at,
            last_used_at: usedAt(row),
            method: row.method,
            ip: row.ip,
            browser: browserLabel(row.user_agent),
            current: row.token_hash === own,
            remember: row.remember === 1,
          }),
        ),
      )
    })
    .post(route(PROFILE_API.endOthers), session, async (c) => {
      const { userId, token } = c.var.session
      const own = hashSecret(token)
      const now = services.now()
      const hashes = await db.transaction().execute(async (trx) => {
        const others = await liveSessions(trx, userId, now).select('token_hash').where('token_hash', '!=', own).execute()
        const hashes = others.map((row) => row.token_hash)
        const ended = await endSessions(trx, userId, now, hashes)
        if (ended) await auditSelf(services, c, trx, userId, { action: 'end_session' })
        return hashes
      })
      disconnectSessions(services, hashes)
      return c.json({ message: message('otherSessionsEnded'), ended: hashes.length })
    })
    .delete('/sessions/:id', session, async (c) => {
      const { userId } = c.var.session
      const id = c.req.param('id')
      if (id.length > 64) throw fail(404, 'sessionNotFound')
      const now = services.now()
      const hash = await db.transaction().execute(async (trx) => {
        const row = await liveSessions(trx, userId, now).select('token_hash').where('id', '=', id).executeTakeFirst()
        if (!row || !(await endSessions(trx, userId, now, [row.token_hash]))) return undefined
        await auditSelf(services, c, trx, userId, { action: 'end_session' })
        return row.token_hash
      })
      if (!hash) throw fail(404, 'sessionNotFound')
      disconnectSessions(services, [hash])
      return c.json({ message: message('sessionEnded') })
    })
}
