import { randomUUID } from 'node:crypto'
import { MEMBER_STATUSES, UserInvite, UserUpdate, type MemberStatus, type UserRecord } from '../../contract/users'
import { filtersOf } from '../../contract/list-filters'
import { normalizeEmail } from '../auth/accounts'
import type { CollectionModule, WriteContext } from '../collections/engine'
import { isUniqueViolation } from '../db/errors'
import type { AnyDb } from '../db/open'
import { accountByEmail, holdsRoleAmong, insertInvitedUser, isMemberOf, memberRow, membersQuery, rolesOfUsers } from '../db/people/users'
import { message } from '../messages'
import { Problem, refuse } from '../problem'
import { keepAdministrator } from './keep-administrator'
import { afterRemoval, checkRoles, leaveOrganization, mailAfter, mustHoldRoles, mustOutrank, openInvitation, organizationName, setRoles, tellUser } from './members'

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/**
 * An invite: every address gets a link to accept with and stays `invited` until it does; an
 * address with no account gets one made for the invitation, which signs in only once accepted.
 * Nobody joins an organization without saying so. The row's `user_id` lets the engine find the member.
 */
async function invite(input: UserInvite, ctx: WriteContext): Promise<{ values: Record<string, unknown> }> {
  const organizationId = ctx.principal.organizationId
  const roles = await checkRoles(ctx.db, organizationId, input.roles)
  await mustHoldRoles(ctx, roles)
  const email = normalizeEmail(input.email)
  const account = await accountByEmail(ctx.db, email)
  if (account && (await isMemberOf(ctx.db, organizationId, account.id))) throw refuse('conflict', 'alreadyMember')
  const userId = account?.id ?? (await placeholder(ctx, email))
  await setRoles(ctx.db, organizationId, userId, roles, ctx.now)
  const { token } = await openInvitation(ctx, userId)
  const organization = await organizationName(ctx.db, organizationId)
  mailAfter(ctx, { to: email, organization, token, account: account !== undefined && account.status !== 'invited' })
  return { values: { user_id: userId, status: 'invited', current: 0 } }
}

/** The account an invitation of a new address makes: no password can match its empty hash, so it signs in only once accepted. */
async function placeholder(ctx: WriteContext, email: string): Promise<string> {
  const userId = randomUUID()
  await insertInvitedUser(ctx.db, userId, email, ctx.now)
  return userId
}

/** The organization's members with their accounts; roles come with `load`. */
export const users: CollectionModule<UserRecord, UserInvite, UserUpdate> = {
  name: 'users',
  right: 'users',
  table: 'members',
  idColumn: 'user_id',
  list: {
    search: ['named.name', 'u.email'],
    sort: { name: 'named.name', email: 'u.email', last_sign_in: 'last_sign_in', created_at: 't.created_at' },
    nullable: ['name', 'last_sign_in'],
    defaultSort: { sort: 'name', order: 'asc' },
    fields: filtersOf('users'),
    filters: {
      status: { column: 't.status' },
      role: {
        where: holdsRoleAmong,
      },
    },
  },
  exportColumns: ['id', 'email', 'name', 'status', 'roles', 'last_sign_in', 'created_at', 'updated_at'],
  select: membersQuery,
  toRecord: (row) => ({
    id: String(row.id),
    email: String(row.email),
    name: String(row.name ?? ''),
    avatar: String(row.avatar ?? ''),
    status: (MEMBER_STATUSES as readonly unknown[]).includes(row.status) ? (row.status as MemberStatus) : 'disabled',
    roles: [],
    last_sign_in: text(row.last_sign_in),
    invitation_expires_at: row.status === 'invited' ? text(row.invitation_expires_at) : null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  load: async (db, organizationId, records) => {
    if (!records.length) return records
    const rows = await rolesOfUsers(db, organizationId, records.map((record) => record.id))
    return records.map((record) => ({
      ...record,
      roles: rows.filter((row) => row.user_id === record.id).map((row) => ({ id: String(row.id), name: String(row.name) })),
    }))
  },
  create: { schema: UserInvite, row: invite },
  update: {
    schema: UserUpdate,
    // The roles change first, so the record the engine reads back (and its trail) has them.
    row: async (input, ctx, current) => {
      const organizationId = ctx.principal.organizationId
      const roles = await checkRoles(ctx.db, organizationId, input.roles)
      const added = roles.filter((id) => !current.roles.some((role) => role.id === id))
      await mustHoldRoles(ctx, added)
      await setRoles(ctx.db, organizationId, current.id, roles, ctx.now)
      return { status: input.status }
    },
  },
  allow: async (ctx, action, current, input) => {
    await mustOutrank(ctx, current.id)
    if (action !== 'update' || !input) return
    // Only accepting the invitation makes an invited member active; nobody becomes invited by an edit.
    if ((current.status === 'invited') !== (input.status === 'invited')) {
      throw new Problem('invalid', message('invitedStatus'), { status: message('invitedStatus') })
    }
  },
  afterWrite: async (ctx, done) => {
    const organizationId = ctx.principal.organizationId
    const userId = (done.after ?? done.before)!.id
    if (done.action === 'delete') return afterRemoval(ctx, userId)
    if (done.action === 'update') {
      if (done.after?.status === 'disabled' && done.before?.status !== 'disabled') await leaveOrganization(ctx, userId)
      await keepAdministrator(ctx.db, organizationId)
    }
    await tellUser(ctx, userId)
  },
  duplicate: (error) => (isUniqueViolation(error) ? message('alreadyMember') : undefined),
  label: (record) => record.name || record.email,
}

/** One member of the organization as the users collection shows it, roles included. */
export async function findMember(db: AnyDb, organizationId: string, userId: string): Promise<UserRecord | undefined> {
  if (userId.length > 64) return undefined
  const row = await memberRow(users.select(db, organizationId), userId)
  if (!row) return undefined
  const [record] = await users.load!(db, organizationId, [users.toRecord(row as Record<string, unknown>)])
  return record
}
