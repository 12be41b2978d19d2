/**
 * Dates are typed as DD/MM/YYYY and times as hh:mm AM/PM. The masks format
 * as the user types, keeping digits only (and, for a time, an a or p for the half of the day);
 * the parsers say whether the result is a real date or time.
 */

const digits = (text: string) => text.replace(/\D/g, '')

/** '2511' is '25/11', '25112026' is '25/11/2026': at most eight digits, a slash after day and month. */
export function maskDate(typed: string): string {
  const d = digits(typed).slice(0, 8)
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/')
}

/**
 * '0930p' is '09:30 PM'. An hour that starts with 2 to 9 can only be 02 to 09, so the 0 comes
 * in front at once. When the user deletes back into 'AM' or 'PM', the half of the day goes as a
 * whole; else it would come straight back and the field could not be emptied.
 */
export function maskTime(typed: string, deleting = false): string {
  let d = digits(typed)
  if (/^[2-9]/.test(d)) d = `0${d}`
  d = d.slice(0, 4)
  // The last a or p typed wins, so typing p after '09:30 AM' makes it PM.
  const half = /([ap])(m?)[^ap]*$/i.exec(typed)
  const time = d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d
  if (!half || d.length < 4 || (deleting && !half[2])) return time
  return `${time} ${half[1]!.toUpperCase()}M`
}

const pad = (n: number) => String(n).padStart(2, '0')

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The date of 'DD/MM/YYYY' as 'YYYY-MM-DD', or null when it is incomplete or no such day exists (31/02). */
export function parseDate(masked: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(masked)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return `${match[3]}-${match[2]}-${match[1]}`
}

/** 'YYYY-MM-DD' as the field shows it, 'DD/MM/YYYY'. */
export const formatDate = (iso: string) => iso.split('-').reverse().join('/')

/** The minutes since midnight of 'hh:mm AM' or 'hh:mm PM' (01 to 12, 00 to 59), or null. */
export function parseTime(masked: string): number | null {
  const match = /^(\d{2}):(\d{2}) ([AP])M$/.exec(masked)
  if (!match) return null
  const [hour, minute] = [Number(match[1]), Number(match[2])]
  if (hour < 1 || hour > 12 || minute > 59) return null
  return ((hour % 12) + (match[3] === 'P' ? 12 : 0)) * 60 + minute
}

/** Minutes since midnight as the field shows them: 21:30 is '09:30 PM', midnight '12:00 AM'. */
export function formatTime(minutes: number): string {
  const hour = Math.floor(minutes / 60)
  return `${pad(hour % 12 || 12)}:${pad(minutes % 60)} ${hour < 12 ? 'AM' : 'PM'}`
}
