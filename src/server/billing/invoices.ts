import { randomUUID } from 'node:crypto'
import {
  INVOICE_STATUSES,
  OVERAGE_CENTS_PER_GB,
  monthStart,
  periodOf,
  periodStart,
  planOf,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type PlanName,
} from '../../contract/billing'
import type { AnyDb } from '../collections/engine'
import type { ListShape } from '../collections/list-query'
import type { InvoiceRow } from '../db/schema'
import { trafficBetween, usageOf } from './usage'

/** An organization older than this is billed for its last this many months only, the first time. */
export const BACKFILL_MONTHS = 24

export const INVOICE_LIST: ListShape = {
  search: ['period', 'plan', 'status'],
  sort: { period: 'period', amount_cents: 'amount_cents', status: 'status' },
  defaultSort: { sort: 'period', order: 'desc' },
  filters: { status: { column: 'status', values: INVOICE_STATUSES } },
}

const parseLines = (json: string): InvoiceLine[] => {
  try {
    const lines: unknown = JSON.parse(json)
    return Array.isArray(lines) ? (lines as InvoiceLine[]) : []
  } catch {
    return []
  }
}

export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  period: row.period,
  plan: planOf(row.plan).name,
  amount_cents: Number(row.amount_cents),
  currency: 'USD',
  lines: parseLines(row.lines),
  issued_at: row.issued_at,
  status: row.status as InvoiceStatus,
})

/** The lines of a month: the plan's fee, traffic past its bytes per started GB, and the usage stated. */
export function invoiceLines(plan: PlanName, usage: { devices: number; tunnels: number; traffic_bytes: number }): InvoiceLine[] {
  const { limits, price_cents: price } = planOf(plan)
  const overGb = Math.ceil(Math.max(0, usage.traffic_bytes - limits.traffic_bytes) / 1_000_000_000)
  return [
    { kind: 'plan', quantity: 1, unit_cents: price, amount_cents: price },
    ...(overGb > 0 ? [{ kind: 'overage' as const, quantity: overGb, unit_cents: OVERAGE_CENTS_PER_GB, amount_cents: overGb * OVERAGE_CENTS_PER_GB }] : []),
    { kind: 'devices', quantity: usage.devices, unit_cents: 0, amount_cents: 0 },
    { kind: 'tunnels', quantity: usage.tunnels, unit_cents: 0, amount_cents: 0 },
    { kind: 'traffic', quantity: usage.traffic_bytes, unit_cents: 0, amount_cents: 0 },
  ]
}

/**
 * Makes the invoice of every month that ended since the organization began and has none yet. The
 * month's traffic is what its heartbeats still held; devices, tunnels and the plan are those of
 * now, as no history of them is kept. Safe to run twice at once: a month already billed is skipped.
 */
export async function ensureInvoices(db: AnyDb, organizationId: string, now: Date): Promise<number> {
  const organization = await db.selectFrom('organizations').select(['plan', 'created_at']).where('id', '=', organizationId).executeTakeFirst()
  if (!organization) return 0
  const earliest = monthStart(now, -BACKFILL_MONTHS)
  const created = new Date(organization.created_at)
  let month = monthStart(Number.isNaN(created.getTime()) || created < earliest ? earliest : created)
  const current = monthStart(now)
  if (month >= current) return 0
  const billed = new Set(
    (await db.selectFrom('invoices').select('period').where('organization_id', '=', organizationId).where('period', '>=', periodOf(month)).execute()).map(
      (row: { period: string }) => row.period,
    ),
  )
  const card = await db.selectFrom('payment_methods').select('organization_id').where('organization_id', '=', organizationId).executeTakeFirst()
  const plan = planOf(organization.plan).name
  let made = 0
  let counts: { devices: number; tunnels: number } | undefined
  for (; month < current; month = monthStart(month, 1)) {
    const period = periodOf(month)
    if (billed.has(period)) continue
    counts ??= await usageOf(db, organizationId, now)
    const next = monthStart(month, 1)
    const lines = invoiceLines(plan, { devices: counts.devices, tunnels: counts.tunnels, traffic_bytes: await trafficBetween(db, organizationId, month, next) })
    const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0)
    const status: InvoiceStatus = amount === 0 || card ? 'paid' : 'open'
    const result = await db
      .insertInto('invoices')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        period,
        plan,
        amount_cents: amount,
        currency: 'USD',
        lines: JSON.stringify(lines),
        issued_at: next.toISOString(),
        status,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['organization_id', 'period']).doNothing())
      .executeTakeFirst()
    made += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  return made
}

/** The first instant after a billed month, for tests and the seed. */
export const periodEnd = (period: string): Date => monthStart(periodStart(period), 1)
