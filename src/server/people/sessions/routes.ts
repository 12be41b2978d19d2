import { Hono } from 'hono'
import { PROFILE_API, type SessionRecord } from '../../../contract/profile'
import { hashSecret } from '../../auth/tokens'
import { liveSessionHash } from '../../db/people/sessions'
import { inTransaction } from '../../db/transaction'
import { requireSession, type AuthEnv } from '../../http/auth'
import { fail } from '../../http/errors'
import { route } from '../../http/route'
import { message } from '../../messages'
import type { Services } from '../../services'
import { requestOrigin } from '../../http/client'
import { browserLabel } from '../browser'
import { disconnectSessions, endSessions, liveSessions, otherSessions } from '../own-sessions'
import { auditSelf } from '../self'
import { describe } from '../../openapi/registry'
import { bool, int, list, obj, str, time } from '../../openapi/shapes'

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
      const hashes = await inTransaction(db, async (trx) => {
        const hashes = await otherSessions(trx, userId, now, own)
        const ended = await endSessions(trx, userId, now, hashes)
        if (ended) await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'end_session' })
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
      const hash = await inTransaction(db, async (trx) => {
        const hash = await liveSessionHash(trx, userId, now.toISOString(), id)
        if (!hash || !(await endSessions(trx, userId, now, [hash]))) return undefined
        await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'end_session' })
        return hash
      })
      if (!hash) throw fail(404, 'sessionNotFound')
      disconnectSessions(services, [hash])
      return c.json({ message: message('sessionEnded') })
    })
}
