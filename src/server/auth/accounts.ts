import { randomUUID } from 'node:crypto'
import { ADMINISTRATOR_ROLE } from '../../contract/roles'
import { RIGHTS, isRight, type Right } from '../../contract/rights'
import { isPresence, type User } from '../../contract/user'
import type { Db } from '../db/open'

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()

export interface NewAccount {
  organization: string
  name: string
  email: string
  passwordHash: string
  now: Date
}

export interface NewOrganization {
  name: string
  /** Its creator, who gets its Administrator role and becomes an active member. */
  userId: string
  /** ISO time. */
  now: string
  /** Whether it becomes the creator's current organization. */
  current?: boolean
}

/**
 * Creates an organization with a built-in Administrator role holding every right, given to its
 * creator, an active member of it. Run it in a transaction; returns the new ids.
 */
export async function createOrganization(trx: Db, organization: NewOrganization): Promise<{ organizationId: string; roleId: string }> {
  const at = organization.now
  const ids = { organization: randomUUID(), role: randomUUID() }
  const current = organization.current ? 1 : 0
  await trx
    .insertInto('organizations')
    .values({ id: ids.organization, name: organization.name, plan: 'free', created_at: at, updated_at: at, version: 1 })
    .execute()
  await trx
    .insertInto('roles')
    .values({
      id: ids.role,
      organization_id: ids.organization,
      name: ADMINISTRATOR_ROLE,
      description: 'Every right; cannot be emptied or deleted.',
      rights: JSON.stringify(RIGHTS),
      builtin: 1,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute()
  await trx
    .insertInto('memberships')
    .values({ id: randomUUID(), user_id: organization.userId, organization_id: ids.organization, role_id: ids.role, current, created_at: at })
    .execute()
  await trx
    .insertInto('members')
    .values({ id: randomUUID(), organization_id: ids.organization, user_id: organization.userId, status: 'active', current, created_at: at, updated_at: at, version: 1 })
    .execute()
  return { organizationId: ids.organization, roleId: ids.role }
}

/**
 * Creates a user and an organization they administer (see `createOrganization`), their current
 * one. Returns the user's id.
 */
export async function createAccount(db: Db, account: NewAccount): Promise<string> {
  const at = account.now.toISOString()
  const userId = randomUUID()
  const insert = async (trx: Db) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: normalizeEmail(account.email),
        name: account.name.trim(),
        avatar: '',
        password_hash: account.passwordHash,
        status: 'active',
        presence: 'online',
        created_at: at,
        updated_at: at,
        last_sign_in: null,
        version: 1,
      })
      .execute()
    await createOrganization(trx, { name: account.organization, userId, now: at, current: true })
  }
  // Within a caller's transaction (the first start's seed) it joins that one.
  if (db.isTransaction) await insert(db)
  else await db.transaction().execute(insert)
  return userId
}

/** A role's or a key's stored rights, keeping only real ones. */
export const parseRights = (json: string): Right[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((right): right is Right => typeof right === 'string' && isRight(right)) : []
  } catch {
    return []
  }
}

/**
 * The rights an active user holds in an organization (the union of their roles' rights, in the
 * order of RIGHTS), or undefined when they are not an active member of it.
 */
export async function rightsOf(db: Db, userId: string, organizationId: string): Promise<Right[] | undefined> {
  const member = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('members.id')
    .where('members.user_id', '=', userId)
    .where('members.organization_id', '=', organizationId)
    .where('members.status', '=', 'active')
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  if (!member) return undefined
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select('roles.rights')
    .where('memberships.user_id', '=', userId)
    .where('memberships.organization_id', '=', organizationId)
    .execute()
  const granted = new Set(rows.flatMap((row) => parseRights(row.rights)))
  return RIGHTS.filter((right) => granted.has(right))
}

/**
 * The organization the user works in now: the current one while they are active in it, else the
 * first they are active in; undefined when they are active in none.
 */
export async function currentOrganization(db: Db, userId: string): Promise<string | undefined> {
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

/** Makes `organizationId` the one the user works in; false when they are not active in it. */
export async function switchOrganization(db: Db, userId: string, organizationId: string): Promise<boolean> {
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
export const organizationsOf = (db: Db, userId: string) =>
  db
    .selectFrom('members')
    .innerJoin('organizations', 'organizations.id', 'members.organization_id')
    .select(['organizations.id', 'organizations.name'])
    .where('members.user_id', '=', userId)
    .where('members.status', '=', 'active')
    .orderBy('organizations.name')
    .execute()

/**
 * The user as `GET /users/self` shows it: the rights are the union of the rights of the user's
 * roles in the current organization, in the order of RIGHTS.
 */
export async function loadUser(db: Db, userId: string): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'avatar', 'presence'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return undefined
  const organizations = await organizationsOf(db, userId)
  const currentId = await currentOrganization(db, userId)
  const current = organizations.find((organization) => organization.id === currentId)
  const rights = current ? ((await rightsOf(db, userId, current.id)) ?? []) : []
  return {
    ...user,
    presence: isPresence(user.presence) ? user.presence : 'online',
    rights,
    organization: current ?? { id: '', name: '' },
    organizations,
  }
}
