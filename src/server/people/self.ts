import { audit, userActor, type AuditWrite, type Origin } from '../audit/trail'
import { currentOrganization, organizationsOf } from '../auth/accounts'
import type { Db } from '../db/open'
import { userVersion } from '../db/people/profile'
import type { Services } from '../services'

/**
 * Writes the user's own change (profile, photo, password, a session ended) to the trail of their
 * current organization, as a change to their user record.
 */
export async function auditSelf(
  services: Services,
  from: Origin,
  db: Db,
  userId: string,
  write: Omit<AuditWrite, 'collection' | 'recordId'>,
): Promise<void> {
  const organizationId = await currentOrganization(db, userId)
  if (!organizationId) return
  const actor = await userActor(db, userId, from)
  await audit(db, organizationId, actor, { collection: 'users', recordId: userId, recordName: actor.name, ...write }, services.now().toISOString())
}

/** Tells the users lists of every organization the user is in that their record changed. */
export async function publishSelf(services: Services, userId: string, version: number): Promise<void> {
  for (const organization of await organizationsOf(services.db, userId)) {
    services.hub.publish(organization.id, 'change', { collection: 'users', id: userId, action: 'update', version })
  }
}

/** The user's record version, after a change bumped it. */
export async function versionOfUser(db: Db, userId: string): Promise<number> {
  return userVersion(db, userId)
}
