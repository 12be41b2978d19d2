import { Hono } from 'hono'
import { sql } from 'kysely'
import { AcceptBody, USERS_PATHS, type InvitationInfo, type UserRecord } from '../../contract/users'
import { audit, userActor } from '../audit'
import { weakPassword } from '../auth/common-passwords'
import { originOf, signedInAnswer } from '../auth/login'
import { hashSecret, revokeUserTokens } from '../auth/tokens'
import { runWrite, type WriteContext } from '../collections/engine'
import type { Db } from '../db/open'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput, readBody } from '../http/body'
import { ApiError, fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import type { Services } from '../services'
import { afterRemoval, mailAfter, openInvitation, organizationName } from './members'
import { findMember, users } from './users'

/** The invited member `id` of the caller's organization; 404 for anyone else's, 409 when not invited. */
async function invitedMember(ctx: WriteContext, id: string): Promise<UserRecord> {
  const member = await findMember(ctx.db, ctx.principal.organizationId, id)
  if (!member) throw fail(404, 'notFound')
  if (member.status !== 'invited') throw fail(409, 'notInvited')
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
    .select(['i.id', 'i.user_id', 'i.organization_id', 'i.expires_at', 'u.email', 'u.status as user_status', 'o.name as organization'])
    .where('i.token_hash', '=', lookup(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .where('m.status', '=', 'invited')
    .executeTakeFirst()

/**
 * Sending an invitation again and withdrawing it (`users` right, the caller's organization only),
 * and the invitee's side: reading the invitation and accepting it with a name and a password.
 */
export function invitationRoutes(services: Services) {
  const { db, passwords, hub } = services
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
        mailAfter(ctx, { to: member.email, kind: 'invite', organization: await organizationName(ctx.db, ctx.principal.organizationId), token })
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
      const info: InvitationInfo = { email: found.email, organization: found.organization, expires_at: found.expires_at }
      return c.json(info)
    })
    .post(route(USERS_PATHS.accept), async (c) => {
      const body = await readBody(c, AcceptBody)
      await services.throttle.count(c, [RULES.invitation])
      const now = services.now().toISOString()
      const found = await openInvitationOf(db, body.token, now)
      if (!found) throw fail(400, 'badInvitation')
      const weak = weakPassword(body.password, found.email)
      if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
      const passwordHash = await passwords.hash(body.password)
      const organizationId = found.organization_id
      const userId = found.user_id

      const version = await db.transaction().execute(async (trx) => {
        // Claimed in one statement: of two accepts at once, one wins and the other is told the link is spent.
        const claimed = await trx.updateTable('invitations').set({ used_at: now }).where('id', '=', found.id).where('used_at', 'is', null).executeTakeFirst()
        if (claimed.numUpdatedRows === 0n) return undefined
        const joined = await trx
          .updateTable('members')
          .set({ status: 'active', current: 1, updated_at: now, version: sql`version + 1` })
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .where('status', '=', 'invited')
          .executeTakeFirst()
        if (joined.numUpdatedRows === 0n) return undefined
        await trx.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).where('organization_id', '!=', organizationId).execute()
        // An account that already chose a password (accepting a second invitation) starts afresh, as after a reset.
        if (found.user_status !== 'invited') await revokeUserTokens(trx, userId, new Date(now))
        await trx
          .updateTable('users')
          .set({ name: body.name, password_hash: passwordHash, status: 'active', updated_at: now, last_sign_in: now })
          .where('id', '=', userId)
          .execute()
        const actor = await userActor(trx, userId, { ip: services.throttle.addressOf(c), userAgent: c.req.header('User-Agent') ?? '' })
        await audit(trx, organizationId, { ...actor, userAgent: actor.userAgent.slice(0, 256) }, { action: 'accept', collection: 'users', recordId: userId, recordName: body.name }, now)
        const member = await trx.selectFrom('members').select('version').where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirstOrThrow()
        return member.version
      })
      if (version === undefined) throw new ApiError(400, message('badInvitation'))
      hub.publish(organizationId, 'change', { collection: 'users', id: userId, action: 'update', version })
      return c.json(await signedInAnswer(services, userId, 'signedIn', originOf(services, c, 'invitation')))
    })
}
