import { sql } from 'kysely'
import type { AnyDb } from '../collections/engine'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import type { Services } from '../services'

/**
 * Refuses (409) a change that leaves the organization without an active user holding `roles`:
 * nobody could then give anyone a right again. Run it inside the change's transaction, after the
 * change, so throwing undoes it and two changes at once cannot both pass.
 */
export async function keepRoleManager(db: AnyDb, organizationId: string): Promise<void> {
  const manager = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('memberships as ms', (join) => join.onRef('ms.user_id', '=', 'm.user_id').onRef('ms.organization_id', '=', 'm.organization_id'))
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select('m.user_id')
    .where('m.organization_id', '=', organizationId)
    .where('m.status', '=', 'active')
    .where('u.status', '=', 'active')
    // Rights are a JSON array of known words, so the quoted word matches that right and no other.
    .where('r.rights', 'like', sql<string>`${'%"roles"%'}`)
    .limit(1)
    .executeTakeFirst()
  if (!manager) throw new ApiError(409, message('lockout'))
}

/** Tells these users' open consoles that their rights or organizations changed, so they read them again. */
export function rightsChanged(services: Pick<Services, 'hub'>, organizationId: string, users: string[]): void {
  if (users.length) services.hub.publish(organizationId, 'rights', { users: [...new Set(users)] })
}
