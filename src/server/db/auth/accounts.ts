import { randomUUID } from 'node:crypto'
import type { Db } from '../open'

/** The user with this address, stored trimmed and lower-cased. */
export const userByEmail = (db: Db, email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()

export interface OrganizationRows {
  organizationId: string
  roleId: string
  name: string
  /** The Administrator role: its name, description and rights (JSON). */
  role: { name: string; description: string; rights: string }
  userId: string
  /** ISO time. */
  at: string
  current: boolean
}

/** Writes an organization, its built-in role, and its creator's membership and member rows. */
export async function insertOrganization(trx: Db, rows: OrganizationRows): Promise<void> {
  const { at } = rows
  const current = rows.current ? 1 : 0
  await trx.insertInto('organizations').values({ id: rows.organizationId, name: rows.name, plan: 'free', created_at: at, updated_at: at, version: 1 }).execute()
  await trx
    .insertInto('roles')
    .values({ id: rows.roleId, organization_id: rows.organizationId, ...rows.role, builtin: 1, created_at: at, updated_at: at, version: 1 })
    .execute()
  await trx
    .insertInto('memberships')
    .values({ id: randomUUID(), user_id: rows.userId, organization_id: rows.organizationId, role_id: rows.roleId, current, created_at: at })
    .execute()
  await trx
    .insertInto('members')
    .values({ id: randomUUID(), organization_id: rows.organizationId, user_id: rows.userId, status: 'active', current, created_at: at, updated_at: at, version: 1 })
    .execute()
}

export interface NewUserRow {
  id: string
  email: string
  name: string
  passwordHash: string
  /** ISO time. */
  at: string
}

/** Writes an active user who never signed in. */
export async function insertUser(trx: Db, user: NewUserRow): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      name: user.name,
      avatar: '',
      password_hash: user.passwordHash,
      status: 'active',
      presence: 'online',
      created_at: user.at,
      updated_at: user.at,
      last_sign_in: null,
      version: 1,
    })
    .execute()
}

/** Whether the user is an active member of the organization with an active account. */
export async function isActiveMember(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const member = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('members.id')
    .where('members.user_id', '=', userId)
    .where('members.organization_id', '=', organizationId)
    .where('members.status', '=', 'active')
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  return member !== undefined
}

/** The stored rights (JSON) of each role the user holds in the organization. */
export const roleRightsOf = (db: Db, userId: string, organizationId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select('roles.rights')
    .where('memberships.user_id', '=', userId)
    .where('memberships.organization_id', '=', organizationId)
    .execute()

/** The organization marked current among those the user is active in, else the first joined. */
export async function currentOrganizationOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select('organization_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('current', 'desc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
  return row?.organization_id
}

/** Marks the user's active member row of the organization current (`members.current`); false when there is none. */
export async function markCurrentMember(db: Db, userId: string, organizationId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'active')
      .executeTakeFirst()
    if (!member) return false
    await trx.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).where('current', '=', 1).execute()
    await trx.updateTable('members').set({ current: 1 }).where('id', '=', member.id).execute()
    return true
  })
}

/** The organizations the user is active in, by name. */
export const activeOrganizationsOf = (db: Db, userId: string) =>
  db
    .selectFrom('members')
    .innerJoin('organizations', 'organizations.id', 'members.organization_id')
    .select(['organizations.id', 'organizations.name'])
    .where('members.user_id', '=', userId)
    .where('members.status', '=', 'active')
    .orderBy('organizations.name')
    .execute()

/** A user's id, address, name, picture and presence. */
export const userCard = (db: Db, userId: string) =>
  db.selectFrom('users').select(['id', 'email', 'name', 'avatar', 'presence']).where('id', '=', userId).executeTakeFirst()

/** Notes a successful sign-in on the user. */
export async function markSignedIn(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in: at }).where('id', '=', userId).execute()
}

/** Sets the user's picture (an address or a stored avatar's path). */
export async function setAvatar(db: Db, userId: string, avatar: string): Promise<void> {
  await db.updateTable('users').set({ avatar }).where('id', '=', userId).execute()
}

/** Makes an invited user (no password yet) active with this name and password; false when no longer invited. */
export async function activateInvitedUser(trx: Db, userId: string, user: { name: string; passwordHash: string; at: string }): Promise<boolean> {
  const claimed = await trx
    .updateTable('users')
    .set({ name: user.name, password_hash: user.passwordHash, status: 'active', updated_at: user.at })
    .where('id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirst()
  return claimed.numUpdatedRows > 0n
}

/** Clears the current mark of every member row of the user (`members.current`). */
export async function clearCurrentMember(trx: Db, userId: string): Promise<void> {
  await trx.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).execute()
}
