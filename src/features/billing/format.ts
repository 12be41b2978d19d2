import { periodStart } from '../../contract/billing'

/** A `YYYY-MM` period as the locale names the month: `March 2025`, `März 2025`. */
export function monthName(period: string, locale: string): string {
  const start = periodStart(period)
  if (Number.isNaN(start.getTime())) return period
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start)
}

/** A day as the locale writes it, in UTC. */
export function dayName(iso: string, locale: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}
