import { sql } from 'kysely'
import type { AnyDb, Db } from '../open'

/** An organization as its list shows it. */
export type OrganizationRow = { id: string; name: string; plan: string; member_count: number; created_at: string; updated_at: string; version: number }

/** Whose organizations: a user's (those they are active in), or a single one (a key's, an app id's). */
export type OrganizationsOf = { userId: string } | { organizationId: string }

/** The organizations (aliased `o`) of `of`, with their count of active members. */
export const organizationsQuery = (db: Db, of: OrganizationsOf) => {
  const query = db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.plan', 'o.created_at', 'o.updated_at', 'o.version'])
    .select((eb) =>
      eb
        .selectFrom('members as m')
        .whereRef('m.organization_id', '=', 'o.id')
        .where('m.status', '=', 'active')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('member_count'),
    )
  if ('organizationId' in of) return query.where('o.id', '=', of.organizationId)
  return query.where('o.id', 'in', db.selectFrom('members').select('organization_id').where('user_id', '=', of.userId).where('status', '=', 'active'))
}

/** The organization `id` among those of `of`. */
export const organizationAmong = async (db: Db, of: OrganizationsOf, id: string): Promise<OrganizationRow | undefined> =>
  (await organizationsQuery(db, of).where('o.id', '=', id).executeTakeFirst()) as OrganizationRow | undefined

/** The ids and names of the organizations the user is active in. */
export async function activeOrganizationNames(db: Db | AnyDb, userId: string): Promise<{ id: string; name: string }[]> {
  return (db as Db)
    .selectFrom('members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .execute()
}

/** Renames the organization at this version, counting a new one. */
export async function renameOrganization(db: Db, id: string, version: number, name: string, at: string): Promise<void> {
  await db.updateTable('organizations').set({ name, updated_at: at, version: sql`version + 1` }).where('id', '=', id).where('version', '=', version).execute()
}

/** The users active in the organization. */
export async function activeMembersOf(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db.selectFrom('members').select('user_id').where('organization_id', '=', organizationId).where('status', '=', 'active').execute()
  return rows.map((row) => row.user_id)
}
