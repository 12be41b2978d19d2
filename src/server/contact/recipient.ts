import type { AnyDb } from '../db/open'

/**
 * Where the contact form's messages go: `CONTACT_EMAIL` when set, otherwise the first active
 * administrator of the console's first organization (the account `ADMIN_EMAIL` made on the first
 * start, at whatever address it has now). Undefined when neither exists.
 */
export async function contactRecipient(db: AnyDb, configured: string | undefined): Promise<string | undefined> {
  if (configured) return configured
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
