import type { AnyDb } from '../open'

/** Each active user of the organization with an active account, with the stored rights (JSON) of each role they hold there. */
export async function activeHoldersRights(db: AnyDb, organizationId: string): Promise<{ user_id: string; rights: string }[]> {
  return db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('memberships as ms', (join) => join.onRef('ms.user_id', '=', 'm.user_id').onRef('ms.organization_id', '=', 'm.organization_id'))
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select(['m.user_id', 'r.rights'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'active')
    .where('u.status', '=', 'active')
    .execute()
}
