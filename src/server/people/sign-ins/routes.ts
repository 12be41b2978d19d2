import { Hono } from 'hono'
import { SIGN_INS_SHOWN, type SignInEntry } from '../../../contract/users'
import type { AnyDb } from '../../db/open'
import { signInsOf } from '../../db/people/sessions'
import { requirePrincipal, requireRight, type AuthEnv } from '../../http/auth'
import { fail } from '../../http/errors'
import type { Services } from '../../services'
import { browserLabel } from '../browser'
import { findMember } from '../users'
import { describe } from '../../openapi/registry'
import { list, obj, str, time } from '../../openapi/shapes'

/**
 * `GET /users/{id}/sign-ins`: a member's last sign-ins into the caller's organization, newest
 * first, each with its browser in a few words. Where else they sign in is no business of this one.
 */
describe({
  method: 'get',
  path: '/users/:id/sign-ins',
  tag: 'Users',
  summary: 'A user\'s last sign-ins',
  description: `The user's last ${SIGN_INS_SHOWN} sign-ins into this organization: time, method, address, browser.`,
  caller: 'principal',
  rights: ['users'],
  params: { id: 'The user\'s id.' },
  answers: { 200: { description: 'The sign-ins, newest first.', body: list(obj({ at: time, method: str, ip: str, browser: str })) } },
})

export function signInRoutes(services: Services) {
  const db = services.db as unknown as AnyDb
  return new Hono<AuthEnv>().get('/users/:id/sign-ins', requirePrincipal(services), requireRight('users'), async (c) => {
    const member = await findMember(db, c.var.principal.organizationId, c.req.param('id'))
    if (!member) throw fail(404, 'notFound')
    const rows = await signInsOf(services.db, member.id, c.var.principal.organizationId, SIGN_INS_SHOWN)
    return c.json(rows.map((row): SignInEntry => ({ at: row.at, method: row.method, ip: row.ip, browser: browserLabel(row.user_agent) })))
  })
}
