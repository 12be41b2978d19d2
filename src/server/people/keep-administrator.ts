import { RIGHTS, type Right } from '../../contract/rights'
import { parseRights } from '../auth/accounts'
import { lockOrganization } from '../db/billing/usage'
import type { AnyDb } from '../db/open'
import { activeHoldersRights } from '../db/people/rights'
import { refuse } from '../problem'
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
  if (refusal) throw refuse('conflict', refusal)
}

/** The rights each active user of the organization holds through their roles, by user id. */
export async function heldRights(db: AnyDb, organizationId: string): Promise<Map<string, Set<Right>>> {
  const rows = await activeHoldersRights(db, organizationId)
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
