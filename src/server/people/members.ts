import { randomUUID } from 'node:crypto'
import { INVITATION_DAYS } from '../../contract/users'
import type { Right } from '../../contract/rights'
import { parseRights } from '../auth/accounts'
import { hashSecret, newSecret, revokeUserTokens } from '../auth/tokens'
import { checkCap } from '../billing/caps'
import type { WriteContext } from '../collections/engine'
import type { AnyDb, Db } from '../db/open'
import { ApiError } from '../http/errors'
import { userStreams } from '../live/stream'
import { message } from '../messages'
import { keepAdministrator, rightsChanged } from './guard'

const DAY_MS = 24 * 3600_000

/** The roles asked for, each once, when every one is a role of the organization; 400 on `roles` otherwise. */
export async function checkRoles(db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(roleIds)]
  const found = await db.selectFrom('roles').select('id').where('organization_id', '=', organizationId).where('id', 'in', wanted).execute()
  if (found.length !== wanted.length) throw new ApiError(400, message('unknownRole'), { roles: message('unknownRole') })
  return wanted
}

const rightsOfRoles = async (db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<Right[]> => {
  if (!roleIds.length) return []
  const rows = await db.selectFrom('roles').select('rights').where('organization_id', '=', organizationId).where('id', 'in', [...roleIds]).execute()
  return rows.flatMap((row: { rights: string }) => parseRights(row.rights))
}

/** Nobody hands out more than they hold: every right of the roles given must be the caller's own (403 otherwise). */
export async function mustHoldRoles(ctx: WriteContext, roleIds: readonly string[]): Promise<void> {
  const given = await rightsOfRoles(ctx.db, ctx.principal.organizationId, roleIds)
  if (given.some((right) => !ctx.principal.rights.includes(right))) {
    throw new ApiError(403, message('rightNotHeld'), { roles: message('rightNotHeld') })
  }
}

/**
 * Nobody changes, disables or removes someone who holds a right they lack, nor withdraws or sends
 * again an invitation carrying one: a manager of users cannot demote or lock out the administrator
 * who made them one (403 otherwise).
 */
export async function mustOutrank(ctx: WriteContext, userId: string, refusal: 'outranked' | 'outrankedInvitation' = 'outranked'): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const roleIds = await ctx.db
    .selectFrom('memberships')
    .select('role_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute()
  const held = await rightsOfRoles(ctx.db, organizationId, roleIds.map((row: { role_id: string }) => row.role_id))
  if (held.some((right) => !ctx.principal.rights.includes(right))) throw new ApiError(403, message(refusal))
}

/** Makes `roleIds` the user's roles in the organization, and only those. */
export async function setRoles(db: AnyDb, organizationId: string, userId: string, roleIds: readonly string[], at: string): Promise<void> {
  await db.deleteFrom('memberships').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
  if (!roleIds.length) return
  await db
    .insertInto('memberships')
    .values(roleIds.map((roleId) => ({ id: randomUUID(), user_id: userId, organization_id: organizationId, role_id: roleId, current: 0, created_at: at })))
    .execute()
}

/** Ends the user's open invitations to the organization; the next read of their link says it is invalid. */
export async function endInvitations(db: AnyDb, organizationId: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** A new invitation link for the user, ending any sent before: returns the token, which only the mail carries. */
export async function openInvitation(ctx: WriteContext, userId: string): Promise<{ token: string; expiresAt: string }> {
  const organizationId = ctx.principal.organizationId
  await endInvitations(ctx.db, organizationId, userId, ctx.now)
  await checkCap(ctx, 'invitations')
  const token = newSecret()
  const expiresAt = new Date(Date.parse(ctx.now) + INVITATION_DAYS * DAY_MS).toISOString()
  await ctx.db
    .insertInto('invitations')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      user_id: userId,
      token_hash: hashSecret(token),
      invited_by: ctx.principal.userId || null,
      created_at: ctx.now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { token, expiresAt }
}

export const organizationName = async (db: AnyDb, organizationId: string): Promise<string> =>
  String((await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst())?.name ?? '')

/** Whether the user has an account of their own (not one made for an invitation): they accept as that account. */
export async function hasAccount(db: AnyDb, userId: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst()
  return user !== undefined && user.status !== 'invited'
}

/**
 * Mails the invitation link once the write is committed: an address new here chooses a name and
 * password through it, an existing account joins with itself and keeps its password.
 */
export function mailAfter(ctx: WriteContext, mail: { to: string; organization: string; token: string; account: boolean }): void {
  const { services } = ctx
  const vars = { inviter: ctx.actor.name || ctx.actor.id, organization: mail.organization }
  const link = `${ctx.linkOrigin}/invitation?token=${mail.token}`
  const text = message(mail.account ? 'inviteAccountMailBody' : 'inviteMailBody', { ...vars, days: INVITATION_DAYS, link })
  const subject = message('inviteMailSubject', vars)
  ctx.later(() =>
    services.background.run(async () => {
      const { file } = await services.mailer.send({ to: mail.to, subject, text })
      // The link stays in the mail file (readable by the server's user only), never in the log.
      if (file) services.log.info(`Invitation mail for ${mail.to} written to ${file}`)
    }),
  )
}

/**
 * What a disable or a removal here ends: the user's access to this organization, and nothing of
 * theirs elsewhere. Their sessions stay and work in another organization of theirs from the next
 * request on; a stream of theirs open here ends at the next event it hears (its caller no longer
 * works here), and `tellUser` sends one now. Only someone left with no organization to work in is
 * signed out, as they have nothing to be signed in for.
 */
export async function leaveOrganization(ctx: WriteContext, userId: string): Promise<void> {
  const elsewhere = await ctx.db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .where('organization_id', '!=', ctx.principal.organizationId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  if (elsewhere) return
  await revokeUserTokens(ctx.db as unknown as Db, userId, new Date(ctx.now))
  ctx.later(() => ctx.services.hub.disconnect(userStreams(userId)))
}

/**
 * What follows a member's removal (their members row already gone): their roles and open
 * invitations here go, the organization must keep an administrator, and an account made for
 * invitations that belongs nowhere else now is deleted with its address.
 */
export async function afterRemoval(ctx: WriteContext, userId: string): Promise<void> {
  const organizationId = ctx.principal.organizationId
  await ctx.db.deleteFrom('memberships').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
  await endInvitations(ctx.db, organizationId, userId, ctx.now)
  await keepAdministrator(ctx.db, organizationId)
  const elsewhere = await ctx.db.selectFrom('members').select('id').where('user_id', '=', userId).executeTakeFirst()
  if (!elsewhere && !(await hasAccount(ctx.db, userId))) await ctx.db.deleteFrom('users').where('id', '=', userId).execute()
  else await leaveOrganization(ctx, userId)
  await tellUser(ctx, userId)
}

/**
 * Tells the user's open consoles to read their rights and organizations again, in whichever of
 * their organizations they work now (a stream follows the organization it opened in).
 */
export async function tellUser(ctx: WriteContext, userId: string): Promise<void> {
  const rows = await ctx.db.selectFrom('members').select('organization_id').where('user_id', '=', userId).execute()
  const organizations = new Set([ctx.principal.organizationId, ...rows.map((row) => String(row.organization_id))])
  ctx.later(() => {
    for (const organizationId of organizations) rightsChanged(ctx.services, organizationId, [userId])
  })
}
