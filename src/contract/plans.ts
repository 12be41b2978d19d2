/**
 * The plans on offer: what each allows and costs. The server enforces them, the billing screen and
 * the landing page show them, all from here. Plain data and formatting only (no validation
 * library), so the prerendered landing page carries it cheaply.
 */

/** What a plan allows: devices and tunnels at once, traffic (in and out) in a calendar month. */
export interface Limits {
  devices: number
  tunnels: number
  traffic_bytes: number
}

export const PLAN_NAMES = ['free', 'team', 'business'] as const
export type PlanName = (typeof PLAN_NAMES)[number]

/**
 * The collections an organization grows that its plan caps: alert rules, webhooks, saved views,
 * access keys (live ones), app ids, roles (its own, not the built-in), invitations (open ones) and
 * alert mutes (in force).
 */
export const CAP_KINDS = ['alert_rules', 'webhooks', 'views', 'access_keys', 'app_ids', 'roles', 'invitations', 'alert_mutes'] as const
export type CapKind = (typeof CAP_KINDS)[number]
export type Caps = Record<CapKind, number>

export interface Plan {
  name: PlanName
  limits: Limits
  /** How many of each capped collection the organization keeps at once. */
  caps: Caps
  /** USD cents a month. */
  price_cents: number
}

export const GB = 1_000_000_000

/** The plans on offer, smallest first. A new organization starts on `free`. */
export const PLANS: readonly Plan[] = [
  {
    name: 'free',
    limits: { devices: 10, tunnels: 5, traffic_bytes: 5 * GB },
    caps: { alert_rules: 25, webhooks: 5, views: 200, access_keys: 20, app_ids: 25, roles: 10, invitations: 25, alert_mutes: 100 },
    price_cents: 0,
  },
  {
    name: 'team',
    limits: { devices: 50, tunnels: 20, traffic_bytes: 500 * GB },
    caps: { alert_rules: 250, webhooks: 25, views: 1000, access_keys: 200, app_ids: 100, roles: 50, invitations: 100, alert_mutes: 500 },
    price_cents: 4900,
  },
  {
    name: 'business',
    limits: { devices: 500, tunnels: 200, traffic_bytes: 5000 * GB },
    caps: { alert_rules: 2500, webhooks: 100, views: 5000, access_keys: 2000, app_ids: 500, roles: 200, invitations: 500, alert_mutes: 2500 },
    price_cents: 29900,
  },
]

export const isPlanName = (value: unknown): value is PlanName => (PLAN_NAMES as readonly unknown[]).includes(value)

/** The plan named so; an unknown name (an old row) reads as `free`, the smallest. */
export const planOf = (name: string): Plan => PLANS.find((plan) => plan.name === name) ?? (PLANS[0] as Plan)

/** Traffic past the plan's monthly bytes is billed per whole GB, on every plan. */
export const OVERAGE_CENTS_PER_GB = 10

/** The whole GB in a byte count, counted down: an invoice bills no part of a GB. */
export const wholeGb = (bytes: number): number => Math.floor(Math.max(0, bytes) / GB)

/**
 * The GB an invoice bills past its plans: the month's whole GB less the GB its plans included
 * (a prorated share counted up to a whole GB), so the lines' figures subtract to it.
 */
export const includedGb = (includedBytes: number): number => Math.ceil(Math.round(includedBytes) / GB)
export const overageGb = (trafficBytes: number, includedBytes: number): number => Math.max(0, wholeGb(trafficBytes) - includedGb(includedBytes))

/** Money is US dollars, shown with $: 123400 -> `$1,234.00`, -500 -> `-$5.00`. */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents))
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`
}

/** A price as a pitch says it: whole dollars without cents (`$49`), else as `formatMoney`. */
export const formatPrice = (cents: number): string => (cents % 100 === 0 ? formatMoney(cents).slice(0, -3) : formatMoney(cents))

