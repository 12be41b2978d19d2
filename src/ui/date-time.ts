import { $locale } from '../stores/locale'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment as the console's language writes a date and a time, with the zone it is read in
 * (`12 Mar 2026, 14:30 CET`): a month by name is never read day-for-month, and the zone says
 * whose clock it is.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const key = `${$locale.get()}-${timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat($locale.get(), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone })
    formats.set(key, format)
  }
  return format.format(date)
}
