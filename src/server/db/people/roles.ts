import type { AnySelect } from '../records'
import type { AnyDb } from '../open'

/** The active members holding `roleId`: the people a change to it reaches. */
const holders = (db: AnyDb, organizationId: string, roleId: string) =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'ms.user_id').onRef('m.organization_id', '=', 'ms.organization_id'))
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .select('ms.user_id')
    .where('ms.organization_id', '=', organizationId)
    .where('ms.role_id', '=', roleId)
    .where('m.status', '=', 'active')
    .where('u.status', '=', 'active')

/** The ids of the active members holding `roleId`. */
export const holdersOfRole = async (db: AnyDb, organizationId: string, roleId: string): Promise<string[]> =>
  (await holders(db, organizationId, roleId).execute()).map((row: { user_id: string }) => row.user_id)

/** Every role held by the active holders of `roleId`, with its stored rights (JSON). */
export const rolesOfHolders = (db: AnyDb, organizationId: string, roleId: string): Promise<{ user_id: string; role_id: string; rights: string }[]> =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select(['ms.user_id', 'ms.role_id', 'r.rights'])
    .where('ms.organization_id', '=', organizationId)
    .where('ms.user_id', 'in', holders(db, organizationId, roleId))
    .execute()

/** Those of `userIds` (a subquery of user ids) who are active members of the organization with active accounts. */
export const activeAmong = (db: AnyDb, organizationId: string, userIds: unknown): Promise<{ user_id: string }[]> =>
  db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'active')
    .where('u.status', '=', 'active')
    .where('m.user_id', 'in', userIds as never)
    .execute()

/** The stored rights (JSON) of each role held in the organization by `userIds` (a subquery of user ids). */
export const roleRightsOfUsers = (db: AnyDb, organizationId: string, userIds: unknown): Promise<{ user_id: string; rights: string }[]> =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select(['ms.user_id', 'r.rights'])
    .where('ms.organization_id', '=', organizationId)
    .where('ms.user_id', 'in', userIds as never)
    .execute()

/** The organization's roles (aliased `t`) with their count of active members. */
export const rolesQuery = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('roles as t')
    .select(['t.id', 't.name', 't.description', 't.rights', 't.builtin', 't.created_at', 't.updated_at', 't.version'])
    .select((eb) =>
      eb
        .selectFrom('memberships as ms')
        .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'ms.user_id').onRef('m.organization_id', '=', 'ms.organization_id'))
        .whereRef('ms.role_id', '=', 't.id')
        .where('m.status', '=', 'active')
        .select((inner) => inner.fn.countAll().as('n'))
        .as('member_count'),
    )
    .where('t.organization_id', '=', organizationId)

/** The row of role `id` in a roles query. */
export const roleRow = (query: AnySelect, id: string) => query.where('t.id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>

/** The members holding `roleId`, whatever their status: an invited address shows no account's name until it accepts. */
export const roleMembersQuery = (db: AnyDb, organizationId: string, roleId: string): AnySelect =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'ms.user_id').onRef('m.organization_id', '=', 'ms.organization_id'))
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .leftJoin('users as named', (join) => join.onRef('named.id', '=', 'ms.user_id').on('m.status', '!=', 'invited'))
    .select(['u.id', 'named.name', 'u.email', 'm.status'])
    .where('ms.organization_id', '=', organizationId)
    .where('ms.role_id', '=', roleId)
