import { PLANS, planOf, type Billing, type CardBrand, type Invoice, type PaymentMethod, type PlanName } from '../../contract/billing'
import type { AuditChange } from '../../contract/audit'
import { diffRecords } from '../audit/changes'
import { audit, type Actor } from '../audit/trail'
import { deletePaymentMethod, paymentMethodRow, planAndVersionOf, insertPlanChange, savePaymentMethod, setPlan, type StoredCard } from '../db/billing/account'
import { invoicePage, invoiceRow } from '../db/billing/invoices'
import type { ListPage, ListParams } from '../db/list'
import type { AnyDb } from '../db/open'
import type { EventsHub } from '../events'
import { Problem, refuse } from '../problem'
import { capUsageOf } from './caps'
import { INVOICE_LIST, ensureInvoices, toInvoice } from './invoices'
import { downgradeRefusal, lockOrganization, usageOf } from './usage'

/** What a billing change needs of its write: the transaction, whose and by whom, when, and what runs once it is committed. */
export interface BillingWrite {
  db: AnyDb
  principal: { organizationId: string }
  actor: Actor
  now: string
  services: { hub: EventsHub }
  later(work: () => unknown): void
}

async function paymentMethodOf(db: AnyDb, organizationId: string): Promise<PaymentMethod | null> {
  const row = await paymentMethodRow(db, organizationId)
  if (!row) return null
  return { brand: row.brand as CardBrand, last4: row.last4, exp_month: Number(row.exp_month), exp_year: Number(row.exp_year), name: row.name }
}

/** The organization's billing as `GET /billing/` answers it. */
export async function billingOf(db: AnyDb, organizationId: string, now: Date): Promise<Billing> {
  const organization = await planAndVersionOf(db, organizationId)
  const plan = planOf(organization.plan)
  return {
    plan: plan.name,
    plans: PLANS,
    usage: await usageOf(db, organizationId, now),
    limits: plan.limits,
    caps: await capUsageOf(db, organizationId, plan.name, now.toISOString()),
    payment_method: await paymentMethodOf(db, organizationId),
    version: Number(organization.version),
  }
}

const trail = (ctx: BillingWrite, action: 'plan' | 'payment_method', recordName: string, fields: string[], changes?: AuditChange[]) =>
  audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action, collection: 'billing', recordId: ctx.principal.organizationId, recordName, fields, changes }, ctx.now)

/**
 * Puts the caller's organization on `input.plan`, refused below current usage; answers the billing
 * after it, or the current one as `conflict` when another change saved first (`input.version`).
 */
export async function changePlan(ctx: BillingWrite, input: { plan: PlanName; version: number }): Promise<{ conflict: Billing } | { billing: Billing }> {
  const organizationId = ctx.principal.organizationId
  const organization = await lockOrganization(ctx.db, organizationId)
  if (!organization) throw refuse('notFound', 'notFound')
  const now = new Date(ctx.now)
  if (organization.version !== input.version) return { conflict: await billingOf(ctx.db, organizationId, now) }
  if (organization.plan === input.plan) return { billing: await billingOf(ctx.db, organizationId, now) }
  const refusal = downgradeRefusal(await usageOf(ctx.db, organizationId, now), planOf(input.plan))
  if (refusal) throw new Problem('conflict', refusal)
  await setPlan(ctx.db, organizationId, input.plan, ctx.now)
  await insertPlanChange(ctx.db, organizationId, organization.plan, input.plan, ctx.now)
  await trail(ctx, 'plan', input.plan, ['plan'], diffRecords({ plan: organization.plan }, { plan: input.plan }))
  const billing = await billingOf(ctx.db, organizationId, now)
  ctx.later(() => ctx.services.hub.publish(organizationId, 'change', { collection: 'organizations', id: organizationId, action: 'update', version: billing.version }))
  return { billing }
}

/** Keeps `card` (brand, last four, expiry and name only) as the caller's organization's; answers the billing. */
export async function setPaymentMethod(ctx: BillingWrite, card: StoredCard): Promise<Billing> {
  const organizationId = ctx.principal.organizationId
  await savePaymentMethod(ctx.db, organizationId, card, ctx.now)
  await trail(ctx, 'payment_method', `${card.brand} ${card.last4}`, ['payment_method'])
  return billingOf(ctx.db, organizationId, new Date(ctx.now))
}

/** Removes the caller's organization's card, if any; answers the billing. */
export async function removePaymentMethod(ctx: BillingWrite): Promise<Billing> {
  const organizationId = ctx.principal.organizationId
  if (await deletePaymentMethod(ctx.db, organizationId)) await trail(ctx, 'payment_method', '', ['payment_method'])
  return billingOf(ctx.db, organizationId, new Date(ctx.now))
}

/** A page of the organization's invoices, the months closed since the last call issued first. */
export async function invoicesOf(db: AnyDb, organizationId: string, list: ListParams & { filters: Record<string, string[]> }, now: Date): Promise<{ page: ListPage<unknown>; invoices: Invoice[] }> {
  await ensureInvoices(db, organizationId, now)
  const page = await invoicePage(db, organizationId, list, INVOICE_LIST, now.toISOString())
  return { page, invoices: page.rows.map(toInvoice) }
}

/** The organization's invoice `id`; not found past 64 characters or when it has none of that id. */
export async function invoiceOf(db: AnyDb, organizationId: string, id: string, now: Date): Promise<Invoice> {
  if (id.length > 64) throw refuse('notFound', 'notFound')
  await ensureInvoices(db, organizationId, now)
  const row = await invoiceRow(db, organizationId, id)
  if (!row) throw refuse('notFound', 'notFound')
  return toInvoice(row)
}
