import { RIGHTS, type Right } from '../../contract/rights'
import { parseRights } from '../auth/accounts'
import { lockOrganization } from '../billing/usage'
import type { AnyDb } from '../db/open'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import type { Services } from '../services'

/**
 * Refuses (409) a change that leaves the organization without an active user holding every right,
 * or without one holding `roles`: rights nobody holds could never be given again, as nobody gives
 * a right they lack. Run it inside the change's transaction, after the change, so throwing undoes
 * it; it takes the organization's row first, so two changes at once (two administrators demoting
 * each other) run one after the other and the second sees the first.
 */
export async function keepAdministrator(db: AnyDb, organizationId: string): Promise<void> {
  await lockOrganization(db, organizationId)
  const refusal = lockoutOf(await heldRights(db, organizationId))
  if (refusal) throw new ApiError(409, message(refusal))
}

/** The rights each active user of the organization holds through their roles, by user id. */
export async function heldRights(db: AnyDb, organizationId: string): Promise<Map<string, Set<Right>>> {
  const rows: { user_id: string; rights: string }[] = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('memberships as ms', (join) => join.onRef('ms.user_id', '=', 'm.user_id').onRef('ms.organization_id', '=', 'm.organization_id'))
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select(['m.user_id', 'r.rights'])
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'active')
    .where('u.status', '=', 'active')
    .execute()
  const held = new Map<string, Set<Right>>()
  for (const row of rows) {
    const rights = held.get(row.user_id) ?? new Set<Right>()
    for (const right of parseRights(row.rights)) rights.add(right)
    held.set(row.user_id, rights)
  }
  return held
}

/**
 * Why the organization whose active users hold `held` would be locked out (nobody managing roles,
 * or nobody holding every right), or null when it is not: the rule of `keepAdministrator`, for a
 * change weighed before it is made (a bulk action's each record).
 */
export function lockoutOf(held: ReadonlyMap<string, ReadonlySet<Right>>): 'lockout' | 'lockoutAdministrator' | null {
  const people = [...held.values()]
  if (!people.some((rights) => rights.has('roles'))) return 'lockout'
  if (!people.some((rights) => RIGHTS.every((right) => rights.has(right)))) return 'lockoutAdministrator'
  return null
}

/** Tells these users' open consoles that their rights or organizations changed, so they read them again. */
export function rightsChanged(services: Pick<Services, 'hub'>, organizationId: string, users: string[]): void {
  if (users.length) services.hub.publish(organizationId, 'rights', { users: [...new Set(users)] })
}
