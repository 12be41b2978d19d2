import { Hono } from 'hono'
import { sql } from 'kysely'
import { InvitationToken, USERS_PATHS, type InvitationInfo, type UserRecord } from '../../contract/users'
import { check } from '../../contract/validation'
import { loadUser } from '../auth/accounts'
import { audit, userActor } from '../audit'
import { originOf, signedInAnswer } from '../auth/login'
import { hashSecret } from '../auth/tokens'
import { runWrite, type WriteContext } from '../collections/engine'
import type { Db } from '../db/open'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { userAgentOf } from '../http/client'
import { invalidInput, readJson } from '../http/body'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { userStreams } from '../live/stream'
import { message } from '../messages'
import type { Services } from '../services'
import { acceptor } from './acceptor'
import { rightsChanged } from './guard'
import { afterRemoval, hasAccount, mailAfter, mustOutrank, openInvitation, organizationName } from './members'
import { findMember, users } from './users'
import { describe } from '../openapi/registry'
import { toJsonSchema } from '../openapi/schema'
import { bool, obj, str, time } from '../openapi/shapes'
import { AcceptBody, JoinBody } from '../../contract/users'

/**
 * The invited member `id` of the caller's organization; 404 for anyone else's, 409 when not
 * invited, 403 when the invitation carries a right the caller lacks.
 */
async function invitedMember(ctx: WriteContext, id: string): Promise<UserRecord> {
  const member = await findMember(ctx.db, ctx.principal.organizationId, id)
  if (!member) throw fail(404, 'notFound')
  if (member.status !== 'invited') throw fail(409, 'notInvited')
  await mustOutrank(ctx, member.id, 'outrankedInvitation')
  return member
}

const label = (record: UserRecord) => users.label!(record)

/** An open invitation's token as it may arrive: trimmed, and never longer than a token is. */
const lookup = (token: string) => hashSecret(token.trim().slice(0, 128))

/** The open invitation of `token` with its invited member, or undefined (unknown, used, ended, expired, withdrawn). */
const openInvitationOf = (db: Db, token: string, now: string) =>
  db
    .selectFrom('invitations as i')
    .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'i.user_id').onRef('m.organization_id', '=', 'i.organization_id'))
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select(['i.id', 'i.user_id', 'i.organization_id', 'i.expires_at', 'u.email', 'u.name', 'u.status as user_status', 'o.name as organization'])
    .where('i.token_hash', '=', lookup(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .where('m.status', '=', 'invited')
    .executeTakeFirst()

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
  const { db, hub } = services
  const guarded = [requirePrincipal(services), requireRight('users')] as const

  return new Hono<AuthEnv>()
    .post('/users/:id/invitation', ...guarded, async (c) => {
      const record = await runWrite(services, c, async (ctx) => {
        const member = await invitedMember(ctx, c.req.param('id'))
        const { token } = await openInvitation(ctx, member.id)
        await ctx.db
          .updateTable('members')
          .set({ updated_at: ctx.now, version: sql`version + 1` })
          .where('organization_id', '=', ctx.principal.organizationId)
          .where('user_id', '=', member.id)
          .execute()
        const organization = await organizationName(ctx.db, ctx.principal.organizationId)
        mailAfter(ctx, { to: member.email, organization, token, account: await hasAccount(ctx.db, member.id) })
        await audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action: 'resend', collection: 'users', recordId: member.id, recordName: label(member) }, ctx.now)
        const after = (await findMember(ctx.db, ctx.principal.organizationId, member.id))!
        ctx.later(() => hub.publish(ctx.principal.organizationId, 'change', { collection: 'users', id: after.id, action: 'update', version: after.version }))
        return after
      })
      return c.json(record)
    })
    .delete('/users/:id/invitation', ...guarded, async (c) => {
      const record = await runWrite(services, c, async (ctx) => {
        const member = await invitedMember(ctx, c.req.param('id'))
        await ctx.db.deleteFrom('members').where('organization_id', '=', ctx.principal.organizationId).where('user_id', '=', member.id).execute()
        await afterRemoval(ctx, member.id)
        await audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action: 'withdraw', collection: 'users', recordId: member.id, recordName: label(member) }, ctx.now)
        ctx.later(() => hub.publish(ctx.principal.organizationId, 'change', { collection: 'users', id: member.id, action: 'delete', version: member.version + 1 }))
        return member
      })
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
      const joining = await acceptor(services, c, found, raw)
      const organizationId = found.organization_id
      const userId = found.user_id

      const version = await db.transaction().execute(async (trx) => {
        // Claimed in one statement: of two accepts at once, one wins and the other is told the link is spent.
        const claimed = await trx.updateTable('invitations').set({ used_at: now }).where('id', '=', found.id).where('used_at', 'is', null).executeTakeFirst()
        const joined = await trx
          .updateTable('members')
          .set({ status: 'active', current: 1, updated_at: now, version: sql`version + 1` })
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .where('status', '=', 'invited')
          .executeTakeFirst()
        if (claimed.numUpdatedRows === 0n || joined.numUpdatedRows === 0n) throw fail(400, 'badInvitation')
        await trx.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).where('organization_id', '!=', organizationId).execute()
        // Only an account made for the invitation gets a name and password, and only while it still is one (not registered meanwhile).
        const account = joining.passwordHash
          ? { name: joining.name, password_hash: joining.passwordHash, status: 'active' as const, updated_at: now, last_sign_in: now }
          : joining.session
            ? { status: 'active' as const }
            : { status: 'active' as const, last_sign_in: now }
        const set = await trx
          .updateTable('users')
          .set(account)
          .where('id', '=', userId)
          .where('status', '=', joining.passwordHash ? 'invited' : 'active')
          .executeTakeFirst()
        if (set.numUpdatedRows === 0n) throw fail(400, 'badInvitation')
        const actor = await userActor(trx, userId, { ip: services.clientAddress(c), userAgent: userAgentOf(c) })
        await audit(trx, organizationId, actor, { action: 'accept', collection: 'users', recordId: userId, recordName: joining.name }, now)
        const member = await trx.selectFrom('members').select('version').where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirstOrThrow()
        return member.version
      })
      hub.publish(organizationId, 'change', { collection: 'users', id: userId, action: 'update', version })
      if (found.user_status !== 'invited') {
        // The account now works in the organization it joined: its open consoles reconnect there and read it again.
        hub.disconnect(userStreams(userId))
        rightsChanged(services, organizationId, [userId])
      }
      if (joining.session) {
        const user = await loadUser(db, userId)
        if (!user) throw fail(401, 'unauthorized')
        return c.json({ user: { ...user, auth_key: joining.session }, message: message('signedIn') })
      }
      return c.json(await signedInAnswer(services, userId, 'signedIn', originOf(services, c, 'invitation')))
    })
}
