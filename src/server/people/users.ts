import { randomUUID } from 'node:crypto'
import { MEMBER_STATUSES, UserInvite, UserUpdate, type MemberStatus, type UserRecord } from '../../contract/users'
import { filtersOf } from '../../contract/list-filters'
import { normalizeEmail } from '../auth/accounts'
import type { CollectionModule, WriteContext } from '../collections/engine'
import { isUniqueViolation } from '../db/errors'
import type { AnyDb } from '../db/open'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import { keepAdministrator } from './guard'
import { afterRemoval, checkRoles, leaveOrganization, mailAfter, mustHoldRoles, mustOutrank, openInvitation, organizationName, setRoles, tellUser } from './members'
import { int, list, obj, orNull, ref, str, time } from '../openapi/shapes'
import { share } from '../openapi/registry'

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
  const account = await ctx.db.selectFrom('users').select(['id', 'status']).where('email', '=', email).executeTakeFirst()
  if (account) {
    const member = await ctx.db
      .selectFrom('members')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', account.id)
      .executeTakeFirst()
    if (member) throw new ApiError(409, message('alreadyMember'))
  }
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
  await ctx.db
    .insertInto('users')
    .values({
      id: userId,
      email,
      name: '',
      avatar: '',
      password_hash: '',
      status: 'invited',
      presence: 'online',
      created_at: ctx.now,
      updated_at: ctx.now,
      last_sign_in: null,
      version: 1,
    })
    .execute()
  return userId
}

/** The organization's members with their accounts; roles come with `load`. */
export const users: CollectionModule<UserRecord, UserInvite, UserUpdate> = {
  name: 'users',
  docs: {
    noun: 'user',
    tag: 'Users',
    description:
      'Members of the organization. `POST` `{email, roles}` invites an address: a link valid 7 days, accepted at `POST /invitations/accept`. `PUT` `{roles, status, version}` changes roles or disables; `DELETE` removes the user from the organization.',
    record: share('UserRecord', obj({
      id: str,
      created_at: time,
      updated_at: time,
      version: int,
      email: str,
      name: str,
      avatar: str,
      status: ref('MemberStatus'),
      roles: list(obj({ id: str, name: str })),
      last_sign_in: orNull(time),
      invitation_expires_at: orNull(time),
    })),
    deletes: 'Removes the user from the organization; their account stays.',
    example: { email: 'new.member@example.com', roles: ['<role id>'] },
  },
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
        where: (eb, roleIds) =>
          eb.exists(
            eb
              .selectFrom('memberships as fm')
              .select('fm.id')
              .whereRef('fm.user_id', '=', 't.user_id')
              .whereRef('fm.organization_id', '=', 't.organization_id')
              .where('fm.role_id', 'in', roleIds),
          ),
      },
    },
  },
  exportColumns: ['id', 'email', 'name', 'status', 'roles', 'last_sign_in', 'created_at', 'updated_at'],
  select: (db, organizationId) =>
    db
      .selectFrom('members as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      // An invited address shows no more than itself: an account's name and picture join with it.
      .leftJoin('users as named', (join) => join.onRef('named.id', '=', 't.user_id').on('t.status', '!=', 'invited'))
      .select(['t.user_id as id', 'u.email', 'named.name', 'named.avatar', 't.status', 't.created_at', 't.updated_at', 't.version'])
      // The last sign-in into this organization: when the member signs in elsewhere is not its business.
      .select((eb) =>
        eb
          .selectFrom('sign_ins as si')
          .select((inner) => inner.fn.max('si.at').as('at'))
          .whereRef('si.user_id', '=', 't.user_id')
          .whereRef('si.organization_id', '=', 't.organization_id')
          .as('last_sign_in'),
      )
      .select((eb) =>
        eb
          .selectFrom('invitations as i')
          .select((inner) => inner.fn.max('i.expires_at').as('expires'))
          .whereRef('i.organization_id', '=', 't.organization_id')
          .whereRef('i.user_id', '=', 't.user_id')
          .where('i.used_at', 'is', null)
          .as('invitation_expires_at'),
      )
      .where('t.organization_id', '=', organizationId),
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
    const rows = await db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['m.user_id', 'r.id', 'r.name'])
      .where('m.organization_id', '=', organizationId)
      .where('m.user_id', 'in', records.map((record) => record.id))
      .orderBy('r.name')
      .orderBy('r.id')
      .execute()
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
      throw new ApiError(400, message('invitedStatus'), { status: message('invitedStatus') })
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
  const row = await users.select(db, organizationId).where('t.user_id', '=', userId).executeTakeFirst()
  if (!row) return undefined
  const [record] = await users.load!(db, organizationId, [users.toRecord(row as Record<string, unknown>)])
  return record
}
