import { randomUUID } from 'node:crypto'
import {
  INVOICE_STATUSES,
  OVERAGE_CENTS_PER_GB,
  includedGb,
  monthStart,
  overageGb,
  periodOf,
  periodStart,
  planOf,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type PlanName,
} from '../../contract/billing'
import type { ListShape } from '../db/records'
import { hasPaymentMethod, planChangesOf, type PlanChange } from '../db/billing/account'
import { billedPeriods, insertInvoice, organizationSince } from '../db/billing/invoices'
import { trafficBetween } from '../db/billing/usage'
import type { AnyDb } from '../db/open'
import type { InvoiceRow } from '../db/schema'
import { FOLD_GRACE_MS } from '../metrics/rollup'
import { planSpans, type PlanSpan } from './plan-history'
import { usageOf } from './usage'

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

const day = (date: Date) => date.toISOString().slice(0, 10)
const DAY_MS = 86_400_000

/**
 * The lines of a month: a fee per plan in force, prorated by its days (rounded to the cent), the
 * whole GB of traffic past the GB those days include, and the usage stated (of the traffic, the
 * bytes through tunnels when some went through).
 */
export function invoiceLines(period: string, spans: PlanSpan[], usage: { devices: number; tunnels: number; traffic_bytes: number; tunnel_traffic_bytes?: number }): InvoiceLine[] {
  const start = periodStart(period)
  const monthDays = Math.round((monthStart(start, 1).getTime() - start.getTime()) / DAY_MS)
  let allowance = 0
  const fees = spans.map((span): InvoiceLine => {
    const { price_cents: price, limits } = planOf(span.plan)
    allowance += (limits.traffic_bytes * span.days) / monthDays
    const last = new Date(span.to.getTime() - DAY_MS)
    return { kind: 'plan', plan: span.plan, from: day(span.from), to: day(last), month_days: monthDays, quantity: span.days, unit_cents: price, amount_cents: Math.round((price * span.days) / monthDays) }
  })
  const overGb = overageGb(usage.traffic_bytes, allowance)
  const overage: InvoiceLine = { kind: 'overage', quantity: overGb, unit_cents: OVERAGE_CENTS_PER_GB, amount_cents: overGb * OVERAGE_CENTS_PER_GB, included_gb: includedGb(allowance) }
  return [
    ...fees,
    ...(overGb > 0 ? [overage] : []),
    { kind: 'devices', quantity: usage.devices, unit_cents: 0, amount_cents: 0 },
    { kind: 'tunnels', quantity: usage.tunnels, unit_cents: 0, amount_cents: 0 },
    { kind: 'traffic', quantity: usage.traffic_bytes, unit_cents: 0, amount_cents: 0, ...(usage.tunnel_traffic_bytes ? { tunnel_bytes: usage.tunnel_traffic_bytes } : {}) },
  ]
}

/** The month's whole days on one plan, for an organization that held it all month (the seed's). */
export const wholeMonth = (period: string, plan: PlanName): PlanSpan[] => {
  const from = periodStart(period)
  const to = monthStart(from, 1)
  return [{ plan, from, to, days: Math.round((to.getTime() - from.getTime()) / DAY_MS) }]
}

/**
 * Makes the invoice of every month that ended since the organization began and has none yet, once
 * and for good: the plan in force each day (from the recorded plan changes), the traffic from the
 * hourly rollups and the tunnels' metered hours, so neither a later plan change nor the heartbeats'
 * pruning moves a cent. Devices and tunnels, of which no history is kept, are stated as counted at
 * issue. A month is issued once the heartbeats written as it ended are in; two calls at once leave
 * one invoice a month.
 */
export async function ensureInvoices(db: AnyDb, organizationId: string, now: Date): Promise<number> {
  const organization = await organizationSince(db, organizationId)
  if (!organization) return 0
  const earliest = monthStart(now, -BACKFILL_MONTHS)
  const created = new Date(organization.created_at)
  const since = Number.isNaN(created.getTime()) ? earliest : created
  let month = monthStart(since < earliest ? earliest : since)
  const current = monthStart(new Date(now.getTime() - FOLD_GRACE_MS))
  if (month >= current) return 0
  const billed = new Set(await billedPeriods(db, organizationId, periodOf(month)))
  const card = await hasPaymentMethod(db, organizationId)
  let made = 0
  let counts: { devices: number; tunnels: number } | undefined
  let changes: PlanChange[] | undefined
  for (; month < current; month = monthStart(month, 1)) {
    const period = periodOf(month)
    if (billed.has(period)) continue
    counts ??= await usageOf(db, organizationId, now)
    changes ??= await planChangesOf(db, organizationId)
    const next = monthStart(month, 1)
    const spans = planSpans(changes, organization.plan, month, since)
    const plan = spans.at(-1)?.plan ?? planOf(organization.plan).name
    const traffic = await trafficBetween(db, organizationId, month, next)
    const lines = invoiceLines(period, spans, { devices: counts.devices, tunnels: counts.tunnels, traffic_bytes: traffic.bytes, tunnel_traffic_bytes: traffic.tunnel_bytes })
    const amount = lines.reduce((sum, line) => sum + line.amount_cents, 0)
    const status: InvoiceStatus = amount === 0 || card ? 'paid' : 'open'
    const kept = await insertInvoice(db, {
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
    if (kept) made++
  }
  return made
}

/** The first instant after a billed month, for tests and the seed. */
export const periodEnd = (period: string): Date => monthStart(periodStart(period), 1)
