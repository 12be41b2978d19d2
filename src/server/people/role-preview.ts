import { RIGHTS, type Right } from '../../contract/rights'
import type { BulkBlastRadius } from '../../contract/bulk'
import type { RolePreview } from '../../contract/roles'
import { parseRights } from '../auth/accounts'
import type { AnyDb } from '../db/open'
import { activeAmong, holdersOfRole, roleRightsOfUsers, rolesOfHolders } from '../db/people/roles'

/** The active members holding `roleId`: the people a change to it reaches. */
export const holderIds = (db: AnyDb, organizationId: string, roleId: string): Promise<string[]> => holdersOfRole(db, organizationId, roleId)

/**
 * What giving the role `rights` (or deleting it, `null`) does to the effective rights of its
 * active holders: a right another of their roles still gives is neither gained nor lost.
 */
export async function previewRole(db: AnyDb, organizationId: string, roleId: string, rights: readonly Right[] | null): Promise<RolePreview> {
  const rows = await rolesOfHolders(db, organizationId, roleId)
  const before = new Map<string, Set<Right>>()
  const after = new Map<string, Set<Right>>()
  for (const row of rows) {
    if (!before.has(row.user_id)) {
      before.set(row.user_id, new Set())
      after.set(row.user_id, new Set(rights ?? []))
    }
    const granted = parseRights(row.rights)
    for (const right of granted) before.get(row.user_id)!.add(right)
    if (row.role_id !== roleId) for (const right of granted) after.get(row.user_id)!.add(right)
  }
  const preview: RolePreview = { grants: {}, removes: {} }
  const count = (into: Partial<Record<Right, number>>, right: Right) => (into[right] = (into[right] ?? 0) + 1)
  for (const [user, had] of before) {
    const has = after.get(user)!
    for (const right of RIGHTS) {
      if (has.has(right) && !had.has(right)) count(preview.grants, right)
      if (had.has(right) && !has.has(right)) count(preview.removes, right)
    }
  }
  return preview
}

/**
 * What a bulk action does to the effective rights of the active members among `userIds` (a
 * subquery of user ids): each given exactly the rights `rights` (their new roles'), or none
 * (`null`: disabled). Counted as `previewRole` counts one role's holders: a right held before
 * and after is neither gained nor lost.
 */
export async function previewMembers(db: AnyDb, organizationId: string, userIds: unknown, rights: readonly Right[] | null): Promise<BulkBlastRadius> {
  const active = await activeAmong(db, organizationId, userIds)
  const granted = await roleRightsOfUsers(db, organizationId, userIds)
  const before = new Map<string, Set<Right>>(active.map((row) => [row.user_id, new Set<Right>()]))
  for (const row of granted) for (const right of parseRights(row.rights)) before.get(row.user_id)?.add(right)
  const after = new Set(rights ?? [])
  const gained = new Set<Right>()
  const lost = new Set<Right>()
  let members = 0
  let losingRoles = 0
  for (const had of before.values()) {
    const gains = RIGHTS.filter((right) => after.has(right) && !had.has(right))
    const losses = RIGHTS.filter((right) => had.has(right) && !after.has(right))
    if (gains.length || losses.length) members++
    if (losses.includes('roles')) losingRoles++
    for (const right of gains) gained.add(right)
    for (const right of losses) lost.add(right)
  }
  return { members, gained: RIGHTS.filter((right) => gained.has(right)), lost: RIGHTS.filter((right) => lost.has(right)), losing_roles: losingRoles }
}
