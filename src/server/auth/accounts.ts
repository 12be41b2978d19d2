import { randomUUID } from 'node:crypto'
import { ADMINISTRATOR_ROLE } from '../../contract/roles'
import { RIGHTS, isRight, type Right } from '../../contract/rights'
import { isPresence, type User } from '../../contract/user'
import {
  activateInvitedUser,
  activeOrganizationsOf,
  clearCurrentMember,
  currentOrganizationOf,
  insertOrganization,
  insertUser,
  isActiveMember,
  markCurrentMember,
  roleRightsOf,
  userByEmail,
  userCard,
} from '../db/auth/accounts'
import type { Db } from '../db/open'
import { inTransaction } from '../db/transaction'

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The user with this address, whatever its case and spaces. */
export const findUserByEmail = (db: Db, email: string) => userByEmail(db, normalizeEmail(email))

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
  const ids = { organization: randomUUID(), role: randomUUID() }
  await insertOrganization(trx, {
    organizationId: ids.organization,
    roleId: ids.role,
    name: organization.name,
    role: { name: ADMINISTRATOR_ROLE, description: 'Every right; cannot be emptied or deleted.', rights: JSON.stringify(RIGHTS) },
    userId: organization.userId,
    at: organization.now,
    current: organization.current ?? false,
  })
  return { organizationId: ids.organization, roleId: ids.role }
}

/**
 * Creates a user and an organization they administer (see `createOrganization`), their current
 * one. Returns the user's id.
 */
export async function createAccount(db: Db, account: NewAccount): Promise<string> {
  const at = account.now.toISOString()
  const userId = randomUUID()
  // Within a caller's transaction (the first start's seed) it joins that one.
  await inTransaction(db, async (trx) => {
    await insertUser(trx, { id: userId, email: normalizeEmail(account.email), name: account.name.trim(), passwordHash: account.passwordHash, at })
    await createOrganization(trx, { name: account.organization, userId, now: at, current: true })
  })
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
  if (!(await isActiveMember(db, userId, organizationId))) return undefined
  const rows = await roleRightsOf(db, userId, organizationId)
  const granted = new Set(rows.flatMap((row) => parseRights(row.rights)))
  return RIGHTS.filter((right) => granted.has(right))
}

/**
 * The organization the user works in now: the current one while they are active in it, else the
 * first they are active in; undefined when they are active in none.
 */
export const currentOrganization = (db: Db, userId: string): Promise<string | undefined> => currentOrganizationOf(db, userId)

/** Makes `organizationId` the one the user works in; false when they are not active in it. */
export const switchOrganization = (db: Db, userId: string, organizationId: string): Promise<boolean> => markCurrentMember(db, userId, organizationId)

/** The organizations the user is active in, by name. */
export const organizationsOf = (db: Db, userId: string) => activeOrganizationsOf(db, userId)

/**
 * The user as `GET /users/self` shows it: the rights are the union of the rights of the user's
 * roles in the current organization, in the order of RIGHTS.
 */
export async function loadUser(db: Db, userId: string): Promise<User | undefined> {
  const user = await userCard(db, userId)
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

/**
 * Makes the account an invitation made for this address (`status` invited, no password) the
 * registrant's own, with an organization as `createAccount` gives; its invitations stay open, to be
 * accepted as this account. Undefined when it is no longer such an account (accepted meanwhile).
 */
export async function claimInvitedAccount(db: Db, userId: string, account: NewAccount): Promise<string | undefined> {
  const at = account.now.toISOString()
  return inTransaction(db, async (trx) => {
    if (!(await activateInvitedUser(trx, userId, { name: account.name.trim(), passwordHash: account.passwordHash, at }))) return undefined
    await clearCurrentMember(trx, userId)
    await createOrganization(trx, { name: account.organization, userId, now: at, current: true })
    return userId
  })
}
