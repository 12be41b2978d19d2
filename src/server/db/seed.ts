import type { Insertable } from 'kysely'
import type { Db } from './open'
import type { Database } from './schema'

/** A new row of `table`, as the first start's demo data writes it. */
export type SeedRow<T extends keyof Database> = Insertable<Database[T]>

/** Whether any organization exists: the first start has run. */
export const hasOrganization = async (db: Db) => Boolean(await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst())

/** The organization of the user's first role. */
export async function organizationOfUser(db: Db, userId: string): Promise<string> {
  const membership = await db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId).executeTakeFirstOrThrow()
  return membership.organization_id
}

/** Writes the demo roles. */
export async function insertSeedRoles(db: Db, rows: SeedRow<'roles'>[]): Promise<void> {
  await db.insertInto('roles').values(rows).execute()
}

/** Writes a demo person: their account, their member row, their roles, their sign-ins, and an invitation nobody holds. */
export async function insertSeedPerson(
  db: Db,
  person: { user: SeedRow<'users'>; member: SeedRow<'members'>; roles: SeedRow<'memberships'>[]; signIns: SeedRow<'sign_ins'>[]; invitation?: SeedRow<'invitations'> },
): Promise<void> {
  await db.insertInto('users').values(person.user).execute()
  await db.insertInto('members').values(person.member).execute()
  await db.insertInto('memberships').values(person.roles).execute()
  if (person.signIns.length) await db.insertInto('sign_ins').values(person.signIns).execute()
  if (person.invitation) await db.insertInto('invitations').values(person.invitation).execute()
}

/** Puts the organization on a plan. */
export async function setSeedPlan(db: Db, organizationId: string, plan: string, at: string): Promise<void> {
  await db.updateTable('organizations').set({ plan, updated_at: at }).where('id', '=', organizationId).execute()
}

/** Writes a card on record. */
export async function insertSeedPaymentMethod(db: Db, row: SeedRow<'payment_methods'>): Promise<void> {
  await db.insertInto('payment_methods').values(row).execute()
}

/** Writes past invoices. */
export async function insertSeedInvoices(db: Db, rows: SeedRow<'invoices'>[]): Promise<void> {
  await db.insertInto('invoices').values(rows).execute()
}

/** Writes the demo fleet: devices, the tunnels of some, access keys, and a day of heartbeats (in batches of 500). */
export async function insertSeedFleet(
  db: Db,
  fleet: { devices: SeedRow<'devices'>[]; tunnels: SeedRow<'tunnels'>[]; keys: SeedRow<'access_keys'>[]; heartbeats: SeedRow<'heartbeats'>[] },
): Promise<void> {
  await db.insertInto('devices').values(fleet.devices).execute()
  await db.insertInto('tunnels').values(fleet.tunnels).execute()
  await db.insertInto('access_keys').values(fleet.keys).execute()
  for (let start = 0; start < fleet.heartbeats.length; start += 500) await db.insertInto('heartbeats').values(fleet.heartbeats.slice(start, start + 500)).execute()
}
