import { randomUUID } from 'node:crypto'
import type { AnyDb } from '../open'

/** Those of `roleIds` that are roles of the organization. */
export async function rolesAmong(db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('roles').select('id').where('organization_id', '=', organizationId).where('id', 'in', [...roleIds]).execute()
  return rows.map((row: { id: string }) => row.id)
}

/** The stored rights (JSON) of those of `roleIds` that are roles of the organization. */
export async function rightsJsonOfRoles(db: AnyDb, organizationId: string, roleIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('roles').select('rights').where('organization_id', '=', organizationId).where('id', 'in', [...roleIds]).execute()
  return rows.map((row: { rights: string }) => row.rights)
}

/** The roles the user holds in the organization (their `memberships` rows). */
export async function roleIdsOf(db: AnyDb, organizationId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('memberships').select('role_id').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
  return rows.map((row: { role_id: string }) => row.role_id)
}

/** Deletes the user's roles in the organization (their `memberships` rows). */
export async function deleteRolesOf(db: AnyDb, organizationId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
}

/** Gives the user these roles in the organization, none of them current (`memberships.current`). */
export async function insertRoleHoldings(db: AnyDb, organizationId: string, userId: string, roleIds: readonly string[], at: string): Promise<void> {
  if (!roleIds.length) return
  await db
    .insertInto('memberships')
    .values(roleIds.map((roleId) => ({ id: randomUUID(), user_id: userId, organization_id: organizationId, role_id: roleId, current: 0, created_at: at })))
    .execute()
}

/** Marks the user's open invitations to the organization used. */
export async function closeInvitationsOf(db: AnyDb, organizationId: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** Writes an open invitation; only its token's hash is kept. */
export async function insertInvitation(
  db: AnyDb,
  invitation: { id: string; organizationId: string; userId: string; tokenHash: string; invitedBy: string | null; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      id: invitation.id,
      organization_id: invitation.organizationId,
      user_id: invitation.userId,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.at,
      expires_at: invitation.expiresAt,
      used_at: null,
    })
    .execute()
}

/** The organization's name, '' when there is none. */
export async function organizationNameOf(db: AnyDb, organizationId: string): Promise<string> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()
  return String(row?.name ?? '')
}

/** The user's account status (`active`, `disabled`, `invited`), undefined for no such user. */
export async function userStatusOf(db: AnyDb, userId: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst()
  return user?.status as string | undefined
}

/** Whether the user is an active member of an organization other than this one. */
export async function isActiveElsewhere(db: AnyDb, userId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .where('organization_id', '!=', organizationId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return row !== undefined
}

/** Whether the user has a member row in any organization, whatever its status. */
export async function isMemberAnywhere(db: AnyDb, userId: string): Promise<boolean> {
  return (await db.selectFrom('members').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
}

/** Deletes the user's account row. */
export async function deleteUser(db: AnyDb, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute()
}

/** The organizations the user has a member row in, whatever its status. */
export async function organizationIdsOf(db: AnyDb, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('members').select('organization_id').where('user_id', '=', userId).execute()
  return rows.map((row: { organization_id: string }) => String(row.organization_id))
}
