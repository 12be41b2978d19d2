import { Hono } from 'hono'
import {
  BILLING_PATH,
  CAP_KINDS,
  INVOICES_PATH,
  PAYMENT_METHOD_PATH,
  PLAN_PATH,
  PaymentMethodInput,
  PlanInput,
  expiryErrors,
  storedCard,
} from '../../contract/billing'
import type { JsonSchema } from '../../contract/json-schema'
import { check } from '../../contract/validation'
import { answerList, runWrite } from '../collections/routes'
import { parseList } from '../collections/list-query'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput, readBody, readJson } from '../http/body'
import { route } from '../http/route'
import { message } from '../messages'
import type { Services } from '../services'
import { INVOICE_LIST } from './invoices'
import { billingOf, changePlan, invoiceOf, invoicesOf, removePaymentMethod, setPaymentMethod } from './service'
import { describe } from '../openapi/registry'
import { int, list, num, obj, oneOf, orNull, ref, str, time } from '../openapi/shapes'
import { listParams } from '../openapi/collections'

/**
 * `/billing/`: the plan and its usage, a plan change (refused below current usage), the card on
 * record (brand, last four, expiry and name only) and the invoices of past months; right `billing`,
 * the caller's organization only.
 */
const LIMITS_SHAPE = obj({ devices: int, tunnels: int, traffic_bytes: num })
const USAGE_SHAPE = obj({ devices: int, tunnels: int, traffic_bytes: num, tunnel_traffic_bytes: { ...num, description: 'Of `traffic_bytes`, the bytes through tunnels, metered by the console.' } })
const capsShape = (each: JsonSchema) => obj(Object.fromEntries(CAP_KINDS.map((kind) => [kind, each])))
const BILLING = obj({
  plan: ref('PlanName'),
  plans: list(obj({ name: ref('PlanName'), limits: LIMITS_SHAPE, caps: capsShape(int), price_cents: int })),
  usage: USAGE_SHAPE,
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
      'tunnel_bytes?': { ...num, description: 'For `traffic`, when some went through tunnels: of its bytes, those through tunnels, metered by the console.' },
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
      'The plan, its limits and this month\'s usage (devices and tunnels counted, traffic summed from the hourly rollups and the bytes metered through tunnels, `tunnel_traffic_bytes` of it), and how many of each capped collection the organization keeps against its plan\'s cap (`caps`).',
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
  const { db } = services
  const base = route(BILLING_PATH)
  return new Hono<AuthEnv>()
    .use(base, requirePrincipal(services), requireRight('billing'))
    .use(`${base}/*`, requirePrincipal(services), requireRight('billing'))
    .get(base, async (c) => c.json(await billingOf(db, c.var.principal.organizationId, services.now())))
    .put(route(PLAN_PATH), async (c) => {
      const input = await readBody(c, PlanInput)
      const outcome = await runWrite(services, c, (ctx) => changePlan(ctx, input))
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
      return c.json(await runWrite(services, c, (ctx) => setPaymentMethod(ctx, card)))
    })
    .delete(route(PAYMENT_METHOD_PATH), async (c) => c.json(await runWrite(services, c, removePaymentMethod)))
    .get(route(INVOICES_PATH), async (c) => {
      const list = parseList(c, INVOICE_LIST)
      const { page, invoices } = await invoicesOf(db, c.var.principal.organizationId, list, services.now())
      return answerList(c, page, invoices)
    })
    .get(`${route(INVOICES_PATH)}/:id`, async (c) => c.json(await invoiceOf(db, c.var.principal.organizationId, c.req.param('id'), services.now())))
}
