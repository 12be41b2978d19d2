import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { AnySelect } from '../records'
import type { AnyDb } from '../open'

/** The account of this address (stored lower-cased), with its status. */
export async function accountByEmail(db: AnyDb, email: string): Promise<{ id: string; status: string } | undefined> {
  return db.selectFrom('users').select(['id', 'status']).where('email', '=', email).executeTakeFirst()
}

/** Whether the user has a member row in the organization, whatever its status. */
export async function isMemberOf(db: AnyDb, organizationId: string, userId: string): Promise<boolean> {
  const member = await db.selectFrom('members').select('id').where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirst()
  return member !== undefined
}

/** Writes the account an invitation of a new address makes: invited, no name, an empty password hash. */
export async function insertInvitedUser(db: AnyDb, userId: string, email: string, at: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: userId,
      email,
      name: '',
      avatar: '',
      password_hash: '',
      status: 'invited',
      presence: 'online',
      created_at: at,
      updated_at: at,
      last_sign_in: null,
      version: 1,
    })
    .execute()
}

/**
 * The organization's member rows (aliased `t`) with their accounts: an invited address shows no
 * more than itself, an account's name and picture join with it; the last sign-in into this
 * organization, and the end of the newest open invitation.
 */
export const membersQuery = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('members as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as named', (join) => join.onRef('named.id', '=', 't.user_id').on('t.status', '!=', 'invited'))
    .select(['t.user_id as id', 'u.email', 'named.name', 'named.avatar', 't.status', 't.created_at', 't.updated_at', 't.version'])
    // When the member signs in elsewhere is not this organization's business.
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
    .where('t.organization_id', '=', organizationId)

/** The member row (`t`) holds any of these roles. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const holdsRoleAmong = (eb: ExpressionBuilder<any, any>, roleIds: readonly string[]): Expression<SqlBool> =>
  eb.exists(
    eb
      .selectFrom('memberships as fm')
      .select('fm.id')
      .whereRef('fm.user_id', '=', 't.user_id')
      .whereRef('fm.organization_id', '=', 't.organization_id')
      .where('fm.role_id', 'in', roleIds),
  )

/** The roles each of these users holds in the organization, by role name. */
export async function rolesOfUsers(db: AnyDb, organizationId: string, userIds: string[]): Promise<{ user_id: string; id: string; name: string }[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.user_id', 'r.id', 'r.name'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', 'in', userIds)
    .orderBy('r.name')
    .orderBy('r.id')
    .execute()
}

/** The member row of the user in a members query. */
export const memberRow = (query: AnySelect, userId: string) => query.where('t.user_id', '=', userId).executeTakeFirst() as Promise<Record<string, unknown> | undefined>
