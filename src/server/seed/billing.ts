import { randomUUID } from 'node:crypto'
import { monthStart, periodOf, planOf } from '../../contract/billing'
import { invoiceLines, wholeMonth } from '../billing/invoices'
import type { Db } from '../db/open'
import { insertSeedInvoices, insertSeedPaymentMethod, setSeedPlan } from '../db/seed'

/** Months of invoices the demo organization starts with. */
export const SEED_INVOICE_MONTHS = 3

/**
 * The demo organization's billing: the team plan (its forty devices and fourteen tunnels fit), a
 * card on record, and the paid invoices of the three months before this one.
 */
export async function seedBilling(db: Db, organizationId: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await setSeedPlan(db, organizationId, 'team', at)
  await insertSeedPaymentMethod(db, { organization_id: organizationId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 2, name: 'Default organization', created_at: at, updated_at: at })
  const rows = Array.from({ length: SEED_INVOICE_MONTHS }, (_, index) => {
    const month = monthStart(now, -(index + 1))
    const lines = invoiceLines(periodOf(month), wholeMonth(periodOf(month), 'team'), { devices: 36 + index, tunnels: 12 + (index % 2), traffic_bytes: (412 + 61 * index) * 1_000_000_000 + 37_500_000 * index })
    return {
      id: randomUUID(),
      organization_id: organizationId,
      period: periodOf(month),
      plan: planOf('team').name,
      amount_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
      currency: 'USD',
      lines: JSON.stringify(lines),
      issued_at: monthStart(month, 1).toISOString(),
      status: 'paid',
      created_at: at,
    }
  })
  await insertSeedInvoices(db, rows)
}
