import { monthStart, planOf, type PlanName } from '../../contract/billing'
import type { PlanChange } from '../db/billing/account'

const DAY_MS = 86_400_000

/** Days of one plan in a row: `from` the first day's start, `to` the end of the last (excluded). */
export interface PlanSpan {
  plan: PlanName
  from: Date
  to: Date
  days: number
}

/** The plan in force at `at`: the last change by then, else what the first change left, else `current`. */
function planAt(changes: PlanChange[], at: string, current: string): string {
  let plan: string | undefined
  for (const change of changes) if (change.at <= at) plan = change.plan
  return plan ?? changes[0]?.from_plan ?? current
}

/**
 * The plans of the month starting at `month`, a span per run of days on one plan. A day is billed
 * at the dearest plan in force at any moment of it, so a change counts from the day it is made
 * when it raises the price and from the next day when it lowers it; days before `since` (the
 * organization's creation) are not billed. `changes` are in time order.
 */
export function planSpans(changes: PlanChange[], current: string, month: Date, since: Date): PlanSpan[] {
  const spans: PlanSpan[] = []
  const end = monthStart(month, 1).getTime()
  for (let day = monthStart(month).getTime(); day < end; day += DAY_MS) {
    const next = day + DAY_MS
    if (next <= since.getTime()) continue
    const [start, stop] = [new Date(day).toISOString(), new Date(next).toISOString()]
    const inForce = [planAt(changes, start, current), ...changes.filter((change) => change.at > start && change.at < stop).map((change) => change.plan)]
    const plan = inForce.map(planOf).reduce((dearest, candidate) => (candidate.price_cents > dearest.price_cents ? candidate : dearest)).name
    const last = spans.at(-1)
    if (last && last.plan === plan && last.to.getTime() === day) {
      last.to = new Date(next)
      last.days++
    } else spans.push({ plan, from: new Date(day), to: new Date(next), days: 1 })
  }
  return spans
}
