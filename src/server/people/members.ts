import { randomUUID } from 'node:crypto'
import { INVITATION_DAYS } from '../../contract/users'
import type { Right } from '../../contract/rights'
import { parseRights } from '../auth/accounts'
import { hashSecret, newSecret, revokeUserTokens } from '../auth/tokens'
import { checkCap } from '../billing/caps'
import type { WriteContext } from '../collections/engine'
import type { AnyDb, Db } from '../db/open'
import {
  closeInvitationsOf,
  deleteRolesOf,
  deleteUser,
  insertInvitation,
  insertRoleHoldings,
  isActiveElsewhere,
  isMemberAnywhere,
  organizationIdsOf,
  organizationNameOf,
  rightsJsonOfRoles,
  roleIdsOf,
  rolesAmong,
  userStatusOf,
} from '../db/people/members'
import { userStreams } from '../live/stream'
import { message } from '../messages'
import { Problem, refuse } from '../problem'
import { keepAdministrator, rightsChanged } from './keep-administrator'

const DAY_MS = 24 * 3600_000

/** The roles asked for, each once, when every one is a role of the organization; 400 on `roles` otherwise. */
export async function checkRoles(db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(roleIds)]
  const found = await rolesAmong(db, organizationId, wanted)
  if (found.length !== wanted.length) throw new Problem('invalid', message('unknownRole'), { roles: message('unknownRole') })
  return wanted
}

const rightsOfRoles = async (db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<Right[]> => {
  if (!roleIds.length) return []
  return (await rightsJsonOfRoles(db, organizationId, roleIds)).flatMap(parseRights)
}

/** Nobody hands out more than they hold: every right of the roles given must be the caller's own (403 otherwise). */
export async function mustHoldRoles(ctx: WriteContext, roleIds: readonly string[]): Promise<void> {
  const given = await rightsOfRoles(ctx.db, ctx.principal.organizationId, roleIds)
  if (given.some((right) => !ctx.principal.rights.includes(right))) {
    throw new Problem('forbidden', message('rightNotHeld'), { roles: message('rightNotHeld') })
  }
}

/**
 * Nobody changes, disables or removes someone who holds a right they lack, nor withdraws or sends
 * again an invitation carrying one: a manager of users cannot demote or lock out the administrator
 * who made them one (403 otherwise).
 */
export async function mustOutrank(ctx: WriteContext, userId: string, refusal: 'outranked' | 'outrankedInvitation' = 'outranked'): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const held = await rightsOfRoles(ctx.db, organizationId, await roleIdsOf(ctx.db, organizationId, userId))
  if (held.some((right) => !ctx.principal.rights.includes(right))) throw refuse('forbidden', refusal)
}

/** Makes `roleIds` the user's roles in the organization, and only those. */
export async function setRoles(db: AnyDb, organizationId: string, userId: string, roleIds: readonly string[], at: string): Promise<void> {
  await deleteRolesOf(db, organizationId, userId)
  await insertRoleHoldings(db, organizationId, userId, roleIds, at)
}

/** Ends the user's open invitations to the organization; the next read of their link says it is invalid. */
export async function endInvitations(db: AnyDb, organizationId: string, userId: string, at: string): Promise<void> {
  await closeInvitationsOf(db, organizationId, userId, at)
}

/** A new invitation link for the user, ending any sent before: returns the token, which only the mail carries. */
export async function openInvitation(ctx: WriteContext, userId: string): Promise<{ token: string; expiresAt: string }> {
  const organizationId = ctx.principal.organizationId
  await endInvitations(ctx.db, organizationId, userId, ctx.now)
  await checkCap(ctx, 'invitations')
  const token = newSecret()
  const expiresAt = new Date(Date.parse(ctx.now) + INVITATION_DAYS * DAY_MS).toISOString()
  await insertInvitation(ctx.db, {
    id: randomUUID(),
    organizationId,
    userId,
    tokenHash: hashSecret(token),
    invitedBy: ctx.principal.userId || null,
    at: ctx.now,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The organization's name, '' when there is none. */
export const organizationName = (db: AnyDb, organizationId: string): Promise<string> => organizationNameOf(db, organizationId)

/** Whether the user has an account of their own (not one made for an invitation): they accept as that account. */
export async function hasAccount(db: AnyDb, userId: string): Promise<boolean> {
  const status = await userStatusOf(db, userId)
  return status !== undefined && status !== 'invited'
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
  if (await isActiveElsewhere(ctx.db, userId, ctx.principal.organizationId)) return
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
  await deleteRolesOf(ctx.db, organizationId, userId)
  await endInvitations(ctx.db, organizationId, userId, ctx.now)
  await keepAdministrator(ctx.db, organizationId)
  if (!(await isMemberAnywhere(ctx.db, userId)) && !(await hasAccount(ctx.db, userId))) await deleteUser(ctx.db, userId)
  else await leaveOrganization(ctx, userId)
  await tellUser(ctx, userId)
}

/**
 * Tells the user's open consoles to read their rights and organizations again, in whichever of
 * their organizations they work now (a stream follows the organization it opened in).
 */
export async function tellUser(ctx: WriteContext, userId: string): Promise<void> {
  const organizations = new Set([ctx.principal.organizationId, ...(await organizationIdsOf(ctx.db, userId))])
  ctx.later(() => {
    for (const organizationId of organizations) rightsChanged(ctx.services, organizationId, [userId])
  })
}
