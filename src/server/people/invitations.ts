import type { UserRecord } from '../../contract/users'
import { audit, userActor, type Origin } from '../audit/trail'
import { hashSecret } from '../auth/tokens'
import type { WriteContext } from '../collections/engine'
import type { Db } from '../db/open'
import {
  activateInvitedMember,
  claimInvitation,
  clearCurrentMemberElsewhere,
  deleteMember,
  memberVersion,
  openInvitationByHash,
  touchMember,
  updateJoiningUser,
} from '../db/people/invitations'
import { inTransaction } from '../db/transaction'
import { userStreams } from '../live/stream'
import { refuse } from '../problem'
import type { Services } from '../services'
import type { Joining } from './acceptor'
import { rightsChanged } from './keep-administrator'
import { afterRemoval, hasAccount, mailAfter, mustOutrank, openInvitation, organizationName } from './members'
import { findMember, users } from './users'

/**
 * The invited member `id` of the caller's organization; 404 for anyone else's, 409 when not
 * invited, 403 when the invitation carries a right the caller lacks.
 */
async function invitedMember(ctx: WriteContext, id: string): Promise<UserRecord> {
  const member = await findMember(ctx.db, ctx.principal.organizationId, id)
  if (!member) throw refuse('notFound', 'notFound')
  if (member.status !== 'invited') throw refuse('conflict', 'notInvited')
  await mustOutrank(ctx, member.id, 'outrankedInvitation')
  return member
}

const label = (record: UserRecord) => users.label!(record)

/** Sends the invited member `id` a new link, ending the one before; returns the member with its new expiry. */
export async function resendInvitation(ctx: WriteContext, id: string): Promise<UserRecord> {
  const organizationId = ctx.principal.organizationId
  const member = await invitedMember(ctx, id)
  const { token } = await openInvitation(ctx, member.id)
  await touchMember(ctx.db, organizationId, member.id, ctx.now)
  const organization = await organizationName(ctx.db, organizationId)
  mailAfter(ctx, { to: member.email, organization, token, account: await hasAccount(ctx.db, member.id) })
  await audit(ctx.db, organizationId, ctx.actor, { action: 'resend', collection: 'users', recordId: member.id, recordName: label(member) }, ctx.now)
  const after = (await findMember(ctx.db, organizationId, member.id))!
  ctx.later(() => ctx.services.hub.publish(organizationId, 'change', { collection: 'users', id: after.id, action: 'update', version: after.version }))
  return after
}

/** Withdraws the invitation of member `id`, who leaves the organization; returns the member as it was. */
export async function withdrawInvitation(ctx: WriteContext, id: string): Promise<UserRecord> {
  const organizationId = ctx.principal.organizationId
  const member = await invitedMember(ctx, id)
  await deleteMember(ctx.db, organizationId, member.id)
  await afterRemoval(ctx, member.id)
  await audit(ctx.db, organizationId, ctx.actor, { action: 'withdraw', collection: 'users', recordId: member.id, recordName: label(member) }, ctx.now)
  ctx.later(() => ctx.services.hub.publish(organizationId, 'change', { collection: 'users', id: member.id, action: 'delete', version: member.version + 1 }))
  return member
}

/** The open invitation of `token` with its invited member, or undefined (unknown, used, ended, expired, withdrawn). */
export const openInvitationOf = (db: Db, token: string, now: string) => openInvitationByHash(db, hashSecret(token.trim().slice(0, 128)), now)

/** An open invitation as accepting reads it. */
export type FoundInvitation = NonNullable<Awaited<ReturnType<typeof openInvitationOf>>>

/**
 * The invitee joins (`joining`, see `acceptor`): the link is spent, the member active in the
 * organization, which becomes the one they work in. 400 when another accept spent the link first.
 */
export async function joinOrganization(services: Services, found: FoundInvitation, joining: Joining, now: string, from: Origin): Promise<void> {
  const organizationId = found.organization_id
  const userId = found.user_id
  const version = await inTransaction(services.db, async (trx) => {
    // Claimed in one statement: of two accepts at once, one wins and the other is told the link is spent.
    const claimed = await claimInvitation(trx, found.id, now)
    const joined = await activateInvitedMember(trx, organizationId, userId, now)
    if (!claimed || !joined) throw refuse('invalid', 'badInvitation')
    await clearCurrentMemberElsewhere(trx, userId, organizationId)
    // Only an account made for the invitation gets a name and password, and only while it still is one (not registered meanwhile).
    const account = joining.passwordHash
      ? { name: joining.name, password_hash: joining.passwordHash, status: 'active' as const, updated_at: now, last_sign_in: now }
      : joining.session
        ? { status: 'active' as const }
        : { status: 'active' as const, last_sign_in: now }
    if (!(await updateJoiningUser(trx, userId, joining.passwordHash ? 'invited' : 'active', account))) throw refuse('invalid', 'badInvitation')
    const actor = await userActor(trx, userId, from)
    await audit(trx, organizationId, actor, { action: 'accept', collection: 'users', recordId: userId, recordName: joining.name }, now)
    return memberVersion(trx, organizationId, userId)
  })
  services.hub.publish(organizationId, 'change', { collection: 'users', id: userId, action: 'update', version })
  if (found.user_status !== 'invited') {
    // The account now works in the organization it joined: its open consoles reconnect there and read it again.
    services.hub.disconnect(userStreams(userId))
    rightsChanged(services, organizationId, [userId])
  }
}
