import { enums, integer, object, refine, type Infer } from 'superstruct'
import { described } from './json-schema'
import { LIMITS, Text, field, type FieldErrors, type MessageKey } from './validation'
import { PLAN_NAMES, type CapKind, type Limits, type Plan, type PlanName } from './plans'

export * from './plans'

export interface Usage {
  devices: number
  tunnels: number
  /** Bytes in and out of this calendar month (UTC): what the devices reported (the hourly rollups, and the heartbeats not yet folded into them) and what went through their tunnels. */
  traffic_bytes: number
  /** Of `traffic_bytes`, the bytes through tunnels, metered by the console (the server always says it). */
  tunnel_traffic_bytes?: number
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'other'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

/** All the server keeps of a card: never its number or its code. */
export interface PaymentMethod {
  brand: CardBrand
  last4: string
  exp_month: number
  exp_year: number
  name: string
}

export interface CapUsage {
  used: number
  limit: number
}

/** `GET /billing/`: the organization's plan, the plans on offer, usage and the card on record. */
export interface Billing {
  plan: PlanName
  plans: readonly Plan[]
  usage: Usage
  limits: Limits
  /** Each capped collection: how many the organization keeps now, and how many its plan allows. */
  caps: Record<CapKind, CapUsage>
  payment_method: PaymentMethod | null
  /** The organization's version: `PUT /billing/plan` sends it back; a stale one is 409. */
  version: number
}

export const INVOICE_STATUSES = ['paid', 'open'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/**
 * A line of an invoice. `plan` is the fee of one plan for the days it was in force (a change
 * mid-month gives a line per plan, each prorated by day), `overage` the whole GB of traffic past
 * the GB its plans included; `devices`, `tunnels` and `traffic` (in bytes) state the month's usage
 * at no charge.
 */
export interface InvoiceLine {
  kind: 'plan' | 'overage' | 'devices' | 'tunnels' | 'traffic'
  /** For `plan`, the days billed; `unit_cents` is then the plan's monthly price. */
  quantity: number
  unit_cents: number
  amount_cents: number
  /** For `plan` (invoices issued since plans are kept by day): which plan, its first and last day (`YYYY-MM-DD`, UTC) and the month's days. */
  plan?: PlanName
  from?: string
  to?: string
  month_days?: number
  /** For `overage` (invoices issued since it is said): the whole GB the month's plans included, which the traffic's whole GB less this make the quantity. */
  included_gb?: number
  /** For `traffic`, when some went through tunnels: of its bytes, those through tunnels, metered by the console. */
  tunnel_bytes?: number
}

export interface Invoice {
  id: string
  /** The month billed, `YYYY-MM`. */
  period: string
  plan: PlanName
  amount_cents: number
  currency: 'USD'
  lines: InvoiceLine[]
  issued_at: string
  status: InvoiceStatus
}

export { BILLING_PATH, INVOICES_PATH, invoicePath, PAYMENT_METHOD_PATH, PLAN_PATH } from './billing-paths'

/** `PUT /billing/plan`. */
export const PlanInput = object({ plan: enums(PLAN_NAMES), version: integer() })
export type PlanInput = Infer<typeof PlanInput>

// ---- Card rules, the same in the form and on the server ----

/** The digits of a card number as typed: spaces and dashes between groups allowed, nothing else. */
export function cardDigits(number: string): string | null {
  const compact = number.replace(/[\s-]+/g, '')
  return /^\d{12,19}$/.test(compact) ? compact : null
}

/** The Luhn checksum (ISO/IEC 7812-1) of a string of digits. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The brand a card number's first digits name (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  const digits = number.replace(/\D/g, '')
  if (/^4/.test(digits)) return 'visa'
  if (/^3[47]/.test(digits)) return 'amex'
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard'
  return 'other'
}

export function cardNumberRule(number: string): true | MessageKey {
  const digits = cardDigits(number)
  return digits !== null && luhn(digits) ? true : 'billing.cardNumber'
}

/** A card is good to the end of its expiry month: this month still counts. */
export function expiryRule(month: number, year: number, now: Date): true | MessageKey {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return 'validation.invalid'
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return year * 12 + (month - 1) >= thisMonth ? true : 'billing.cardExpired'
}

export const cvcRule = (cvc: string): true | MessageKey => /^\d{3,4}$/.test(cvc.trim()) || 'billing.cvc'

/** `PUT /billing/payment-method`. The number and the code are checked, then dropped. */
export const PaymentMethodInput = object({
  name: Text(LIMITS.name),
  number: field('cardNumber', 40, cardNumberRule),
  exp_month: described(refine(integer(), 'month', (value) => (value >= 1 && value <= 12) || 'validation.invalid'), { type: 'integer', minimum: 1, maximum: 12 }),
  exp_year: described(refine(integer(), 'year', (value) => (value >= 2000 && value <= 2100) || 'validation.invalid'), { type: 'integer', minimum: 2000, maximum: 2100 }),
  cvc: field('cvc', 8, cvcRule),
})
export type PaymentMethodInput = Infer<typeof PaymentMethodInput>

/** The errors an expiry in the past adds to a card otherwise well formed. */
export function expiryErrors(input: { exp_month: number; exp_year: number }, now: Date): FieldErrors {
  const rule = expiryRule(input.exp_month, input.exp_year, now)
  return rule === true ? {} : { exp_month: rule }
}

/** What is kept of a card. */
export function storedCard(input: PaymentMethodInput): PaymentMethod {
  const digits = cardDigits(input.number) ?? ''
  return { brand: cardBrand(digits), last4: digits.slice(-4), exp_month: input.exp_month, exp_year: input.exp_year, name: input.name }
}

// ---- Usage and money ----

/** At or past this share of a limit, the bar warns. */
export const WARN_AT = 0.8

export type UsageLevel = 'ok' | 'warning' | 'full'

export interface UsageBar {
  key: keyof Limits
  used: number
  limit: number
  /** 0-100, for the bar; usage past the limit fills it. */
  percent: number
  level: UsageLevel
}

export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0
  return Math.min(100, Math.max(0, Math.round((used / limit) * 1000) / 10))
}

export function usageLevel(used: number, limit: number): UsageLevel {
  if (used >= limit) return 'full'
  return used >= limit * WARN_AT ? 'warning' : 'ok'
}

/** One bar per limit, in the order the plan card shows them. */
export function usageBars(usage: Usage, limits: Limits): UsageBar[] {
  return (['devices', 'tunnels', 'traffic_bytes'] as const).map((key) => ({
    key,
    used: usage[key],
    limit: limits[key],
    percent: usagePercent(usage[key], limits[key]),
    level: usageLevel(usage[key], limits[key]),
  }))
}

/** How many devices and tunnels must go before `usage` fits `limits`. */
export function excessOver(usage: Usage, limits: Limits): { devices: number; tunnels: number } {
  return { devices: Math.max(0, usage.devices - limits.devices), tunnels: Math.max(0, usage.tunnels - limits.tunnels) }
}

// ---- Months ----

/** `YYYY-MM` of a time, in UTC. */
export const periodOf = (date: Date): string => date.toISOString().slice(0, 7)

/** The first instant of the month `offset` months after `date`'s, in UTC. */
export function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
}

/** The first instant of a `YYYY-MM` period. */
export const periodStart = (period: string): Date => new Date(`${period}-01T00:00:00.000Z`)

export const isPeriod = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
