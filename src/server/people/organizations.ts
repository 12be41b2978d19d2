import type { OrganizationRecord } from '../../contract/organizations'
import type { Right } from '../../contract/rights'
import { diffRecords } from '../audit/changes'
import { audit, type Actor } from '../audit/trail'
import { createOrganization, rightsOf } from '../auth/accounts'
import type { AnyDb, Db } from '../db/open'
import { activeMembersOf, activeOrganizationNames, organizationsQuery, renameOrganization, type OrganizationRow } from '../db/people/organizations'
import { inTransaction } from '../db/transaction'
import { refuse } from '../problem'
import type { Services } from '../services'
import { rightsChanged } from './keep-administrator'

/** Who asks, as far as organizations care: a user, or a key or an app id in its one organization. */
export interface Caller {
  kind: 'user' | 'key' | 'app' | 'device'
  userId: string
  organizationId: string
  rights: readonly Right[]
}

/** The caller's organizations: a user's are those they are active in; a key or an app id has only its own. */
export const visibleOrganizations = (db: Db, caller: Caller) =>
  organizationsQuery(db, caller.kind === 'user' ? { userId: caller.userId } : { organizationId: caller.organizationId })

/** The caller's rights in `organizationId`: a user's own there, a key's or an app's only in theirs. */
const rightsIn = async (db: Db, caller: Caller, organizationId: string): Promise<readonly Right[]> =>
  caller.kind === 'user'
    ? ((await rightsOf(db, caller.userId, organizationId)) ?? [])
    : organizationId === caller.organizationId
      ? caller.rights
      : []

/** An organization as the caller sees it: whether it is their current one, whether they may rename it. */
export const organizationRecord = async (db: Db, caller: Caller, row: OrganizationRow): Promise<OrganizationRecord> => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  member_count: Number(row.member_count ?? 0),
  current: row.id === caller.organizationId,
  can_rename: (await rightsIn(db, caller, row.id)).includes('organizations'),
  created_at: row.created_at,
  updated_at: row.updated_at,
  version: Number(row.version),
})

/** The caller's organization `id`, or undefined when it is none of theirs. */
export async function findOrganization(db: Db, caller: Caller, id: string): Promise<OrganizationRecord | undefined> {
  const row = id.length <= 64 ? await visibleOrganizations(db, caller).where('o.id', '=', id).executeTakeFirst() : undefined
  return row && organizationRecord(db, caller, row as OrganizationRow)
}

/** The caller's organization `id`; 404 when it is none of theirs. */
export async function mustFindOrganization(db: Db, caller: Caller, id: string): Promise<OrganizationRecord> {
  const found = await findOrganization(db, caller, id)
  if (!found) throw refuse('notFound', 'notFound')
  return found
}

/** 409 when the user already belongs to another organization of this name, any case. */
async function mustBeNewName(db: Db | AnyDb, userId: string, name: string, except?: string) {
  const mine = await activeOrganizationNames(db, userId)
  const wanted = name.toLocaleLowerCase()
  if (mine.some((organization) => organization.id !== except && organization.name.toLocaleLowerCase() === wanted)) {
    throw refuse('conflict', 'organizationNameTaken')
  }
}

/** A new organization the user (the caller) administers; their other consoles list it. */
export async function addOrganization(services: Services, caller: Caller, name: string, who: Actor): Promise<OrganizationRecord> {
  const now = services.now().toISOString()
  const created = await inTransaction(services.db, async (trx) => {
    await mustBeNewName(trx, caller.userId, name)
    const { organizationId } = await createOrganization(trx, { name, userId: caller.userId, now })
    await audit(trx, organizationId, who, { action: 'create', collection: 'organizations', recordId: organizationId, recordName: name }, now)
    return mustFindOrganization(trx, caller, organizationId)
  })
  // The creator's other consoles list one more organization in their switcher.
  rightsChanged(services, caller.organizationId, [caller.userId])
  return created
}

/** Renames the organization at `version`, or answers its current record when the version is not it any more. */
export async function renameOrganizationTo(
  services: Services,
  caller: Caller,
  id: string,
  change: { name: string; version: number },
  who: Actor,
): Promise<{ record: OrganizationRecord } | { conflict: OrganizationRecord }> {
  const { name } = change
  const now = services.now().toISOString()
  const outcome = await inTransaction(services.db, async (trx) => {
    const current = await mustFindOrganization(trx, caller, id)
    if (current.version !== change.version) return { conflict: current }
    if (caller.kind === 'user') await mustBeNewName(trx, caller.userId, name, id)
    await renameOrganization(trx, id, current.version, name, now)
    if (name !== current.name) {
      const changes = diffRecords({ name: current.name }, { name })
      await audit(trx, id, who, { action: 'update', collection: 'organizations', recordId: id, recordName: name, fields: ['name'], changes }, now)
    }
    const members = await activeMembersOf(trx, id)
    return { record: await mustFindOrganization(trx, caller, id), members }
  })
  if ('conflict' in outcome) return outcome
  const { record, members } = outcome
  services.hub.publish(id, 'change', { collection: 'organizations', id, action: 'update', version: record.version })
  // Every member's switcher shows the new name.
  rightsChanged(services, id, members)
  return { record }
}
