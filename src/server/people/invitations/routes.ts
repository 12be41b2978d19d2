import { Hono } from 'hono'
import { AcceptBody, InvitationToken, JoinBody, USERS_PATHS, type InvitationInfo } from '../../../contract/users'
import { check } from '../../../contract/validation'
import { loadUser } from '../../auth/accounts'
import { originOf } from '../../auth/sign-in/routes'
import { signedInAnswer } from '../../auth/signed-in'
import { runWrite } from '../../collections/routes'
import { requirePrincipal, requireRight, type AuthEnv } from '../../http/auth'
import { invalidInput, readJson } from '../../http/body'
import { requestOrigin } from '../../http/client'
import { fail } from '../../http/errors'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import { message } from '../../messages'
import { describe } from '../../openapi/registry'
import { toJsonSchema } from '../../openapi/schema'
import { bool, obj, str, time } from '../../openapi/shapes'
import type { Services } from '../../services'
import { acceptor } from '../acceptor'
import { joinOrganization, openInvitationOf, resendInvitation, withdrawInvitation } from '../invitations'

/**
 * Sending an invitation again and withdrawing it (`users` right, the caller's organization only),
 * and the invitee's side: reading the invitation and accepting it, with a name and a password for
 * an address new here, as itself for an existing account (see `acceptor`).
 */
const USER_RECORD = { $ref: '#/components/schemas/UserRecord' }
describe(
  {
    method: 'post',
    path: '/users/:id/invitation',
    tag: 'Users',
    summary: 'Send an invitation again',
    description: 'A new link, valid 7 days; the one before ends.',
    caller: 'principal',
    rights: ['users'],
    params: { id: 'The invited user\'s id.' },
    answers: {
      200: { description: 'The member, with the new expiry.', body: USER_RECORD },
      409: { description: 'The member is not invited (any more).', body: { ref: 'Error' } },
    },
  },
  {
    method: 'delete',
    path: '/users/:id/invitation',
    tag: 'Users',
    summary: 'Withdraw an invitation',
    caller: 'principal',
    rights: ['users'],
    params: { id: 'The invited user\'s id.' },
    answers: {
      200: { description: 'The member as it was.', body: USER_RECORD },
      409: { description: 'The member is not invited (any more).', body: { ref: 'Error' } },
    },
  },
  {
    method: 'get',
    path: '/invitations/:token',
    tag: 'Users',
    summary: 'Read an invitation',
    description: 'What the invitee sees before accepting. Counted per client (429 past the limit).',
    caller: 'public',
    params: { token: 'The token of the invitation link.' },
    answers: {
      200: { description: 'The invitation.', body: obj({ email: str, organization: str, expires_at: time, account: bool }) },
      400: { description: 'An unknown, used or expired link.', body: { ref: 'Error' } },
      429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
  {
    method: 'post',
    path: USERS_PATHS.accept,
    tag: 'Users',
    summary: 'Accept an invitation',
    description:
      'An address new here sends `{token, name, password}` and lands signed in. An existing account joins as itself: signed in (`{token}` with its Bearer) or with its password (`{token, password}`).',
    caller: 'public',
    body: { anyOf: [toJsonSchema(AcceptBody), toJsonSchema(JoinBody)] },
    answers: {
      200: { description: 'Joined and signed in.', body: { ref: 'SignedIn' } },
      400: { description: 'An unknown, used or expired link, a wrong password or invalid fields.', body: { ref: 'Error' } },
      401: { description: 'The Bearer sent is no live session.', body: { ref: 'Error' } },
      403: { description: 'The address has an account: sign in as it, or send its password.', body: { ref: 'Error' } },
      429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
)

export function invitationRoutes(services: Services) {
  const { db } = services
  const guarded = [requirePrincipal(services), requireRight('users')] as const

  return new Hono<AuthEnv>()
    .post('/users/:id/invitation', ...guarded, async (c) => {
      const record = await runWrite(services, c, (ctx) => resendInvitation(ctx, c.req.param('id')))
      return c.json(record)
    })
    .delete('/users/:id/invitation', ...guarded, async (c) => {
      const record = await runWrite(services, c, (ctx) => withdrawInvitation(ctx, c.req.param('id')))
      return c.json(record)
    })
    .get('/invitations/:token', async (c) => {
      await services.throttle.count(c, [RULES.invitation])
      const found = await openInvitationOf(db, c.req.param('token'), services.now().toISOString())
      if (!found) throw fail(400, 'badInvitation')
      const info: InvitationInfo = { email: found.email, organization: found.organization, expires_at: found.expires_at, account: found.user_status !== 'invited' }
      return c.json(info)
    })
    .post(route(USERS_PATHS.accept), async (c) => {
      const raw = await readJson(c)
      const read = check(InvitationToken, raw)
      if (!read.ok) throw invalidInput(read.errors)
      await services.throttle.count(c, [RULES.invitation])
      const now = services.now().toISOString()
      const found = await openInvitationOf(db, read.value.token, now)
      if (!found) throw fail(400, 'badInvitation')
      const bearer = /^Bearer\s+(\S{1,256})\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1]
      const joining = await acceptor(services, { bearer, countSignIn: (email) => services.throttle.count(c, [RULES.signIn], email) }, found, raw)
      const userId = found.user_id
      await joinOrganization(services, found, joining, now, requestOrigin(services, c))
      if (joining.session) {
        const user = await loadUser(db, userId)
        if (!user) throw fail(401, 'unauthorized')
        return c.json({ user: { ...user, auth_key: joining.session }, message: message('signedIn') })
      }
      return c.json(await signedInAnswer(services, userId, 'signedIn', originOf(services, c, 'invitation')))
    })
}
