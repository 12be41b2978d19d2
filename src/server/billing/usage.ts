import { sql } from 'kysely'
import { excessOver, monthStart, planOf, type Limits, type Plan, type Usage } from '../../contract/billing'
import type { WriteContext } from '../collections/engine'
import type { AnyDb, Db } from '../db/open'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import { watermark } from '../metrics/rollup'

const sumOf = (row: { bytes: number | string | null } | undefined) => Number(row?.bytes ?? 0)

/**
 * Bytes in and out of the organization from `from` (inclusive) to `to` (exclusive), both whole
 * hours: the hourly rollups (kept 400 days) hold what is folded, the heartbeats after the fold's
 * watermark the rest. Read in one transaction, so a fold between the two reads counts nothing twice.
 */
export async function trafficBetween(db: AnyDb, organizationId: string, from: Date, to: Date): Promise<number> {
  const read = async (trx: AnyDb) => {
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
      .select((eb) => eb.fn.sum<number | string | null>(sql`bytes_in + bytes_out`).as('bytes'))
      .where('organization_id', '=', organizationId)
      .where('at', '>=', rawFrom)
      .where('at', '<', to.toISOString())
      .executeTakeFirst()
    return sumOf(rolled) + sumOf(raw)
  }
  return db.isTransaction ? read(db) : db.transaction().execute(read)
}

const countOf = async (db: AnyDb, table: 'devices' | 'tunnels', organizationId: string) => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Devices and tunnels as counted now; traffic of this calendar month (UTC). */
export async function usageOf(db: AnyDb, organizationId: string, now: Date): Promise<Usage> {
  const [devices, tunnels, traffic] = await Promise.all([
    countOf(db, 'devices', organizationId),
    countOf(db, 'tunnels', organizationId),
    trafficBetween(db, organizationId, monthStart(now), monthStart(now, 1)),
  ])
  return { devices, tunnels, traffic_bytes: traffic }
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

/** Refuses, with 409, one more device or tunnel than the organization's plan allows. */
export async function checkPlanLimit(ctx: WriteContext, kind: 'devices' | 'tunnels'): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const organization = await lockOrganization(ctx.db, organizationId)
  const limits: Limits = planOf(organization?.plan ?? 'free').limits
  const count = await countOf(ctx.db, kind, organizationId)
  if (count >= limits[kind]) throw new ApiError(409, message(kind === 'devices' ? 'planLimitDevices' : 'planLimitTunnels', { limit: limits[kind] }))
}

/** The 409 message of a plan too small for what the organization has, or null when it fits. */
export function downgradeRefusal(usage: Usage, plan: Plan): string | null {
  const { limits } = plan
  const excess = excessOver(usage, limits)
  const parts = [
    excess.devices > 0 ? message(excess.devices === 1 ? 'removeDevice' : 'removeDevices', { n: excess.devices }) : '',
    excess.tunnels > 0 ? message(excess.tunnels === 1 ? 'removeTunnel' : 'removeTunnels', { n: excess.tunnels }) : '',
  ].filter(Boolean)
  if (!parts.length) return null
  const name = plan.name.charAt(0).toUpperCase() + plan.name.slice(1)
  return message('planDowngrade', { plan: name, devices: limits.devices, tunnels: limits.tunnels, what: parts.length === 2 ? message('removeBoth', { first: parts[0]!, second: parts[1]! }) : parts[0]! })
}
