import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { CapKind } from '../../../contract/billing'
import { watermark } from '../metrics/folds'
import { tunnelTrafficBetween } from '../metrics/tunnel-traffic'
import type { AnyDb, Db } from '../open'
import { inTransaction } from '../transaction'

const sumOf = (row: { bytes: number | string | null } | undefined) => Number(row?.bytes ?? 0)

/**
 * Bytes in and out of the organization from `from` (inclusive) to `to` (exclusive), both whole
 * hours: what its devices reported and, of it, what the console metered through its tunnels.
 */
export async function trafficBetween(db: AnyDb, organizationId: string, from: Date, to: Date): Promise<{ bytes: number; tunnel_bytes: number }> {
  const [reported, tunnelled] = await Promise.all([reportedTrafficBetween(db, organizationId, from, to), tunnelTrafficBetween(db, organizationId, from.getTime(), to.getTime())])
  return { bytes: reported + tunnelled, tunnel_bytes: tunnelled }
}

/**
 * Bytes the devices reported: the hourly rollups (kept 400 days) hold what is folded, the heartbeats
 * after the fold's watermark the rest. Read in one transaction, so a fold between the two reads
 * counts nothing twice.
 */
function reportedTrafficBetween(db: AnyDb, organizationId: string, from: Date, to: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const folded = await watermark(trx as unknown as Db)
    const rawFrom = new Date(Math.max(from.getTime(), folded ?? 0)).toISOString()
    const rolled =
      folded !== undefined && folded > from.getTime()
        ? await trx
            .selectFrom('metric_rollups')
            .select((eb) => eb.fn.sum<number | string | null>(sql`bytes_in + bytes_out`).as('bytes'))
            .where('organization_id', '=', organizationId)
            .where('step_seconds', '=', 3600)
            .where('bucket', '>=', from.toISOString())
            .where('bucket', '<', to.toISOString())
            .executeTakeFirst()
        : undefined
    const raw = await trx
      .selectFrom('heartbeats')
      // A beat that carried no bytes one way counts none that way.
      .select((eb) => eb.fn.sum<number | string | null>(sql`coalesce(bytes_in, 0) + coalesce(bytes_out, 0)`).as('bytes'))
      .where('organization_id', '=', organizationId)
      .where('at', '>=', rawFrom)
      .where('at', '<', to.toISOString())
      .executeTakeFirst()
    return sumOf(rolled) + sumOf(raw)
  })
}

/** How many devices or tunnels the organization has. */
export async function countOf(db: AnyDb, table: 'devices' | 'tunnels', organizationId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Takes the organization's row for the rest of the transaction, so two writes that count and then
 * add (two creates at the limit, a create and a downgrade) run one after the other. An update that
 * changes nothing locks the row on PostgreSQL and takes SQLite's single writer lock: no `FOR UPDATE`,
 * which SQLite lacks.
 */
export async function lockOrganization(db: AnyDb, organizationId: string): Promise<{ plan: string; version: number } | undefined> {
  await db.updateTable('organizations').set({ plan: sql`plan` }).where('id', '=', organizationId).execute()
  return db.selectFrom('organizations').select(['plan', 'version']).where('id', '=', organizationId).executeTakeFirst()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Where = (eb: ExpressionBuilder<any, any>, now: string) => Expression<SqlBool>

/**
 * What takes a place under each cap: the organization's rows of its table, less those that no
 * longer stand for anything (a revoked or expired key, the built-in role, an invitation accepted,
 * withdrawn or expired, a mute past its time). Deleted rows are gone, so they free theirs.
 */
const COUNTED: Record<CapKind, { table: string; where?: Where }> = {
  alert_rules: { table: 'alert_rules' },
  webhooks: { table: 'webhooks' },
  views: { table: 'views' },
  access_keys: {
    table: 'access_keys',
    where: (eb, now) => eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
  },
  app_ids: { table: 'app_ids' },
  roles: { table: 'roles', where: (eb) => eb('builtin', '=', 0) },
  invitations: { table: 'invitations', where: (eb, now) => eb.and([eb('used_at', 'is', null), eb('expires_at', '>', now)]) },
  alert_mutes: { table: 'alert_mutes', where: (eb, now) => eb('until', '>', now) },
}

/** How many places of `kind` the organization takes at `now` (ISO). */
export async function capCount(db: AnyDb, organizationId: string, kind: CapKind, now: string): Promise<number> {
  const { table, where } = COUNTED[kind]
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
  if (where) query = query.where((eb) => where(eb, now))
  return Number((await query.executeTakeFirst())?.n ?? 0)
}
