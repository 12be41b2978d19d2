import { Hono } from 'hono'
import { SIGN_INS_SHOWN, type SignInEntry } from '../../contract/users'
import type { AnyDb } from '../db/open'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { fail } from '../http/errors'
import type { Services } from '../services'
import { browserLabel } from './browser'
import { findMember } from './users'

/**
 * `GET /users/{id}/sign-ins`: a member's last sign-ins into the caller's organization, newest
 * first, each with its browser in a few words. Where else they sign in is no business of this one.
 */
export function signInRoutes(services: Services) {
  const db = services.db as unknown as AnyDb
  return new Hono<AuthEnv>().get('/users/:id/sign-ins', requirePrincipal(services), requireRight('users'), async (c) => {
    const member = await findMember(db, c.var.principal.organizationId, c.req.param('id'))
    if (!member) throw fail(404, 'notFound')
    const rows = await services.db
      .selectFrom('sign_ins')
      .select(['at', 'method', 'ip', 'user_agent'])
      .where('user_id', '=', member.id)
      .where('organization_id', '=', c.var.principal.organizationId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(SIGN_INS_SHOWN)
      .execute()
    return c.json(rows.map((row): SignInEntry => ({ at: row.at, method: row.method, ip: row.ip, browser: browserLabel(row.user_agent) })))
  })
}
