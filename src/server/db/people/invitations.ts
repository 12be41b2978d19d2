import { sql } from 'kysely'
import type { Db, AnyDb } from '../open'

/** The unused invitation of this token hash before its end (`at`, ISO) whose member is still invited, with its address, account and organization's name. */
export const openInvitationByHash = (db: Db, tokenHash: string, at: string) =>
  db
    .selectFrom('invitations as i')
    .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'i.user_id').onRef('m.organization_id', '=', 'i.organization_id'))
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select(['i.id', 'i.user_id', 'i.organization_id', 'i.expires_at', 'u.email', 'u.name', 'u.status as user_status', 'o.name as organization'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', at)
    .where('m.status', '=', 'invited')
    .executeTakeFirst()

/** Counts a change of the user's member row in the organization: a new version, updated now. */
export async function touchMember(db: AnyDb, organizationId: string, userId: string, at: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ updated_at: at, version: sql`version + 1` })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute()
}

/** Deletes the user's member row in the organization. */
export async function deleteMember(db: AnyDb, organizationId: string, userId: string): Promise<void> {
  await db.deleteFrom('members').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
}

/** Marks the invitation used; false when another request used it first. */
export async function claimInvitation(db: Db, id: string, at: string): Promise<boolean> {
  const claimed = await db.updateTable('invitations').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst()
  return claimed.numUpdatedRows !== 0n
}

/** Makes the user's invited member row in the organization active and current (`members.current`); false when it is no longer invited. */
export async function activateInvitedMember(db: Db, organizationId: string, userId: string, at: string): Promise<boolean> {
  const joined = await db
    .updateTable('members')
    .set({ status: 'active', current: 1, updated_at: at, version: sql`version + 1` })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirst()
  return joined.numUpdatedRows !== 0n
}

/** Clears the current mark (`members.current`) of the user's member rows in other organizations. */
export async function clearCurrentMemberElsewhere(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).where('organization_id', '!=', organizationId).execute()
}

/** What accepting sets on the account: active, and for one made for the invitation its name and password. */
export type JoiningAccount = { status: 'active'; name?: string; password_hash?: string; updated_at?: string; last_sign_in?: string }

/** Sets `account` on the user while their status is `status`; false when it no longer is. */
export async function updateJoiningUser(db: Db, userId: string, status: 'invited' | 'active', account: JoiningAccount): Promise<boolean> {
  const set = await db.updateTable('users').set(account).where('id', '=', userId).where('status', '=', status).executeTakeFirst()
  return set.numUpdatedRows !== 0n
}

/** The version of the user's member row in the organization. */
export async function memberVersion(db: Db, organizationId: string, userId: string): Promise<number> {
  const member = await db.selectFrom('members').select('version').where('organization_id', '=', organizationId).where('user_id', '=', userId).executeTakeFirstOrThrow()
  return member.version
}

/** The user's password hash and status. */
export const passwordOf = (db: Db, userId: string) => db.selectFrom('users').select(['password_hash', 'status']).where('id', '=', userId).executeTakeFirst()
