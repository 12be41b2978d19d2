import { Hono } from 'hono'
import { sql } from 'kysely'
import {
  BILLING_PATH,
  CAP_KINDS,
  INVOICES_PATH,
  PAYMENT_METHOD_PATH,
  PLAN_PATH,
  PLANS,
  PaymentMethodInput,
  PlanInput,
  expiryErrors,
  planOf,
  storedCard,
  type Billing,
  type CardBrand,
  type PaymentMethod,
} from '../../contract/billing'
import type { JsonSchema } from '../../contract/json-schema'
import { check } from '../../contract/validation'
import type { AuditChange } from '../../contract/audit'
import { audit } from '../audit'
import { diffRecords } from '../audit-changes'
import { runWrite, type WriteContext } from '../collections/engine'
import { answerList, filtered, parseList } from '../collections/list-query'
import { listPage } from '../db/list'
import { databaseKind } from '../db/kind'
import type { AnyDb } from '../db/open'
import type { InvoiceRow } from '../db/schema'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput, readBody, readJson } from '../http/body'
import { ApiError, fail } from '../http/errors'
import { route } from '../http/route'
import { message } from '../messages'
import type { Services } from '../services'
import { INVOICE_LIST, ensureInvoices, toInvoice } from './invoices'
import { capUsageOf } from './caps'
import { recordPlanChange } from './plan-history'
import { downgradeRefusal, lockOrganization, usageOf } from './usage'
import { describe } from '../openapi/registry'
import { int, list, num, obj, oneOf, orNull, ref, str, time } from '../openapi/shapes'
import { listParams } from '../collections/list-query'

async function paymentMethodOf(db: AnyDb, organizationId: string): Promise<PaymentMethod | null> {
  const row = await db.selectFrom('payment_methods').selectAll().where('organization_id', '=', organizationId).executeTakeFirst()
  if (!row) return null
  return { brand: row.brand as CardBrand, last4: row.last4, exp_month: Number(row.exp_month), exp_year: Number(row.exp_year), name: row.name }
}

/** The organization's billing as `GET /billing/` answers it. */
export async function billingOf(db: AnyDb, organizationId: string, now: Date): Promise<Billing> {
  const organization = await db.selectFrom('organizations').select(['plan', 'version']).where('id', '=', organizationId).executeTakeFirstOrThrow()
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

const trail = (ctx: WriteContext, action: 'plan' | 'payment_method', recordName: string, fields: string[], changes?: AuditChange[]) =>
  audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action, collection: 'billing', recordId: ctx.principal.organizationId, recordName, fields, changes }, ctx.now)

/**
 * `/billing/`: the plan and its usage, a plan change (refused below current usage), the card on
 * record (brand, last four, expiry and name only) and the invoices of past months; right `billing`,
 * the caller's organization only.
 */
const LIMITS_SHAPE = obj({ devices: int, tunnels: int, traffic_bytes: num })
const capsShape = (each: JsonSchema) => obj(Object.fromEntries(CAP_KINDS.map((kind) => [kind, each])))
const BILLING = obj({
  plan: ref('PlanName'),
  plans: list(obj({ name: ref('PlanName'), limits: LIMITS_SHAPE, caps: capsShape(int), price_cents: int })),
  usage: LIMITS_SHAPE,
  limits: LIMITS_SHAPE,
  caps: capsShape(obj({ used: int, limit: int })),
  payment_method: orNull(obj({ brand: ref('CardBrand'), last4: str, exp_month: int, exp_year: int, name: str })),
  version: int,
})
const INVOICE = obj({
  id: str,
  period: str,
  plan: ref('PlanName'),
  amount_cents: int,
  currency: oneOf(['USD']),
  lines: list(
    obj({
      kind: oneOf(['plan', 'overage', 'devices', 'tunnels', 'traffic']),
      quantity: num,
      unit_cents: num,
      amount_cents: int,
      'plan?': ref('PlanName'),
      'from?': str,
      'to?': str,
      'month_days?': int,
      'included_gb?': int,
    }),
  ),
  issued_at: time,
  status: ref('InvoiceStatus'),
})
const BILLING_COMMON = { tag: 'Billing', caller: 'principal', rights: ['billing'] } as const
describe(
  {
    ...BILLING_COMMON,
    method: 'get',
    path: BILLING_PATH,
    summary: 'Plan and usage',
    description:
      'The plan, its limits and this month\'s usage (devices and tunnels counted, traffic summed from the hourly rollups), and how many of each capped collection the organization keeps against its plan\'s cap (`caps`).',
    answers: { 200: { description: 'The organization\'s billing.', body: BILLING } },
  },
  {
    ...BILLING_COMMON,
    method: 'put',
    path: PLAN_PATH,
    summary: 'Change the plan',
    description: 'A downgrade below what is in use is refused, saying what to remove first; each change is kept with its time.',
    body: PlanInput,
    example: { plan: 'team', version: 1 },
    answers: {
      200: { description: 'The billing after the change.', body: BILLING },
      409: {
        description: 'Another change saved first (`current`), or a downgrade below what is in use.',
        body: { anyOf: [obj({ message: str, current: BILLING }), { $ref: '#/components/schemas/Error' }] },
      },
    },
  },
  {
    ...BILLING_COMMON,
    method: 'put',
    path: PAYMENT_METHOD_PATH,
    summary: 'Set the payment card',
    description: 'Checks the card (Luhn, expiry, name, code) and keeps only its brand, last four digits, expiry and name.',
    body: PaymentMethodInput,
    answers: { 200: { description: 'The billing with the card.', body: BILLING } },
  },
  {
    ...BILLING_COMMON,
    method: 'delete',
    path: PAYMENT_METHOD_PATH,
    summary: 'Remove the payment card',
    answers: { 200: { description: 'The billing without a card.', body: BILLING } },
  },
  {
    ...BILLING_COMMON,
    method: 'get',
    path: INVOICES_PATH,
    summary: 'List invoices',
    description: 'One invoice per past month, made once when first asked for after the month closes and never changed after.',
    query: listParams(INVOICE_LIST),
    answers: {
      200: { description: 'A page of invoices.', body: list(INVOICE), headers: ['X-Total-Count'] },
      400: { description: 'A list parameter it does not take.', body: { ref: 'Error' } },
    },
  },
  {
    ...BILLING_COMMON,
    method: 'get',
    path: `${route(INVOICES_PATH)}/:id`,
    summary: 'Get an invoice',
    params: { id: 'The invoice\'s id.' },
    answers: { 200: { description: 'The invoice.', body: INVOICE } },
  },
)

export function billingRoutes(services: Services) {
  const db = services.db as unknown as AnyDb
  const base = route(BILLING_PATH)
  const changed = (ctx: WriteContext, version: number) =>
    ctx.later(() => services.hub.publish(ctx.principal.organizationId, 'change', { collection: 'organizations', id: ctx.principal.organizationId, action: 'update', version }))

  return new Hono<AuthEnv>()
    .use(base, requirePrincipal(services), requireRight('billing'))
    .use(`${base}/*`, requirePrincipal(services), requireRight('billing'))
    .get(base, async (c) => c.json(await billingOf(db, c.var.principal.organizationId, services.now())))
    .put(route(PLAN_PATH), async (c) => {
      const input = await readBody(c, PlanInput)
      const outcome = await runWrite(services, c, async (ctx) => {
        const organizationId = ctx.principal.organizationId
        const organization = await lockOrganization(ctx.db, organizationId)
        if (!organization) throw fail(404, 'notFound')
        const now = new Date(ctx.now)
        if (organization.version !== input.version) return { conflict: await billingOf(ctx.db, organizationId, now) }
        if (organization.plan === input.plan) return { billing: await billingOf(ctx.db, organizationId, now) }
        const refusal = downgradeRefusal(await usageOf(ctx.db, organizationId, now), planOf(input.plan))
        if (refusal) throw new ApiError(409, refusal)
        await ctx.db
          .updateTable('organizations')
          .set({ plan: input.plan, updated_at: ctx.now, version: sql`version + 1` })
          .where('id', '=', organizationId)
          .execute()
        await recordPlanChange(ctx.db, organizationId, organization.plan, input.plan, ctx.now)
        await trail(ctx, 'plan', input.plan, ['plan'], diffRecords({ plan: organization.plan }, { plan: input.plan }))
        const billing = await billingOf(ctx.db, organizationId, now)
        changed(ctx, billing.version)
        return { billing }
      })
      if ('conflict' in outcome) return c.json({ message: message('conflict'), current: outcome.conflict }, 409)
      return c.json(outcome.billing)
    })
    .put(route(PAYMENT_METHOD_PATH), async (c) => {
      const body = await readJson(c)
      const now = services.now()
      const result = check(PaymentMethodInput, body)
      if (!result.ok) {
        const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
        const expiry = result.errors.exp_month || result.errors.exp_year ? {} : expiryErrors({ exp_month: Number(raw.exp_month), exp_year: Number(raw.exp_year) }, now)
        throw invalidInput({ ...expiry, ...result.errors })
      }
      const expired = expiryErrors(result.value, now)
      if (Object.keys(expired).length) throw invalidInput(expired)
      // From here on only what `storedCard` keeps exists: the number and the code go no further.
      const card = storedCard(result.value)
      const billing = await runWrite(services, c, async (ctx) => {
        const organizationId = ctx.principal.organizationId
        await ctx.db
          .insertInto('payment_methods')
          .values({ organization_id: organizationId, ...card, created_at: ctx.now, updated_at: ctx.now })
          .onConflict((conflict) => conflict.column('organization_id').doUpdateSet({ ...card, updated_at: ctx.now }))
          .execute()
        await trail(ctx, 'payment_method', `${card.brand} ${card.last4}`, ['payment_method'])
        return billingOf(ctx.db, organizationId, new Date(ctx.now))
      })
      return c.json(billing)
    })
    .delete(route(PAYMENT_METHOD_PATH), async (c) => {
      const billing = await runWrite(services, c, async (ctx) => {
        const organizationId = ctx.principal.organizationId
        const gone = await ctx.db.deleteFrom('payment_methods').where('organization_id', '=', organizationId).executeTakeFirst()
        if (Number(gone.numDeletedRows) > 0) await trail(ctx, 'payment_method', '', ['payment_method'])
        return billingOf(ctx.db, organizationId, new Date(ctx.now))
      })
      return c.json(billing)
    })
    .get(route(INVOICES_PATH), async (c) => {
      const list = parseList(c, INVOICE_LIST)
      const organizationId = c.var.principal.organizationId
      await ensureInvoices(db, organizationId, services.now())
      const query = db.selectFrom('invoices').selectAll().where('organization_id', '=', organizationId)
      const page = await listPage(filtered(query, INVOICE_LIST, list, { now: services.now().toISOString(), kind: databaseKind(db) }), list, { ...INVOICE_LIST, id: 'id' })
      return answerList(c, page, page.rows.map((row) => toInvoice(row as InvoiceRow)))
    })
    .get(`${route(INVOICES_PATH)}/:id`, async (c) => {
      const id = c.req.param('id')
      const organizationId = c.var.principal.organizationId
      if (id.length > 64) throw fail(404, 'notFound')
      await ensureInvoices(db, organizationId, services.now())
      const row = (await db.selectFrom('invoices').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()) as InvoiceRow | undefined
      if (!row) throw fail(404, 'notFound')
      return c.json(toInvoice(row))
    })
}
