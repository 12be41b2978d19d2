import type { AnyDb } from './open'

/** The address of the first active administrator of the first organization made, if any. */
export async function firstAdministratorEmail(db: AnyDb): Promise<string | undefined> {
  const row = await db
    .selectFrom('organizations as o')
    .innerJoin('roles as r', (join) => join.onRef('r.organization_id', '=', 'o.id').on('r.builtin', '=', 1))
    .innerJoin('memberships as m', (join) => join.onRef('m.role_id', '=', 'r.id').onRef('m.organization_id', '=', 'o.id'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('u.status', '=', 'active')
    .orderBy('o.created_at')
    .orderBy('o.id')
    .orderBy('m.created_at')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst()
  return row?.email
}
