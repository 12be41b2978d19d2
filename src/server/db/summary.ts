import type { Db } from './open'
import { tunnelUp } from './tunnels'

const countOf = (row: { n?: unknown } | undefined) => Number(row?.n ?? 0)

/** The organization's devices counted by status and whether enabled. */
export async function deviceCounts(db: Db, organizationId: string): Promise<{ status: string; enabled: number; n: number }[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['status', 'enabled', (eb) => eb.fn.countAll().as('n')])
    .where('organization_id', '=', organizationId)
    .groupBy(['status', 'enabled'])
    .execute()
  return rows.map((row) => ({ status: row.status, enabled: Number(row.enabled), n: countOf(row) }))
}

/** How many devices the organization added since `since`. */
export const devicesAddedSince = async (db: Db, organizationId: string, since: string): Promise<number> =>
  countOf(await db.selectFrom('devices').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', organizationId).where('created_at', '>=', since).executeTakeFirst())

/** How many tunnels the organization has. */
export const tunnelCount = async (db: Db, organizationId: string): Promise<number> =>
  countOf(await db.selectFrom('tunnels').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', organizationId).executeTakeFirst())

/** How many of the organization's tunnels are up (as their records say), each on a device of its own organization. */
export const tunnelsUp = async (db: Db, organizationId: string): Promise<number> =>
  countOf(
    await db
      .selectFrom('tunnels as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('t.organization_id', '=', organizationId)
      .where('d.organization_id', '=', organizationId)
      .where(tunnelUp)
      .executeTakeFirst(),
  )

/** How many of the organization's live keys expire after `from` and by `until`. */
export const keysExpiringCount = async (db: Db, organizationId: string, from: string, until: string): Promise<number> =>
  countOf(
    await db
      .selectFrom('access_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('expires_at', '>', from)
      .where('expires_at', '<=', until)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  )

/** How many app ids the organization has. */
export const appIdCount = async (db: Db, organizationId: string): Promise<number> =>
  countOf(await db.selectFrom('app_ids').select((eb) => eb.fn.countAll().as('n')).where('organization_id', '=', organizationId).executeTakeFirst())

/** How many of the organization's alerts are firing. */
export const firingCount = async (db: Db, organizationId: string): Promise<number> =>
  countOf(
    await db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('fired_at', 'is not', null)
      .where('resolved_at', 'is', null)
      .executeTakeFirst(),
  )

/** The organization's plan's name, empty when it is gone. */
export const planNameOf = async (db: Db, organizationId: string): Promise<string> =>
  (await db.selectFrom('organizations').select('plan').where('id', '=', organizationId).executeTakeFirst())?.plan ?? ''
