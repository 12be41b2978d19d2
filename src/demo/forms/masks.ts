/**
 * The demo's masked fields: a date as DD/MM/YYYY and a time as hh:mm AM/PM,
 * formatted as the user types. The masks only shape the text; whether it names a real date or a
 * 12-hour time is `isValidDate` and `isValidTime`.
 */

/** 'DD/MM/YYYY': eight digits at most, a slash before the month and before the year. */
export function maskDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8)
  // A separator comes with the digit after it, so Backspace over a slash is never undone.
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}

/**
 * 'hh:mm AM': four digits at most, a colon before the minutes, and AM or PM from an a or p typed
 * anywhere (the last one wins). A lone A or P after a space is what Backspace leaves of ' AM' or
 * ' PM': the suffix goes with it, or the mask would put its M back at once.
 */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4)
  if (!digits) return ''
  const time = [digits.slice(0, 2), digits.slice(2)].filter(Boolean).join(':')
  if (/\s[ap]$/i.test(typed)) return time
  const letter = typed.match(/[ap](?!.*[ap])/i)?.[0]
  return letter ? `${time} ${letter.toUpperCase()}M` : time
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/
const TIME = /^(\d{2}):(\d{2}) (AM|PM)$/

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** The days of `month` (1 to 12) in `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** A whole DD/MM/YYYY naming a day that exists: 29/02 only in a leap year, no 31/04, no year 0. */
export function isValidDate(text: string): boolean {
  const parts = DATE.exec(text)
  if (!parts) return false
  const [day, month, year] = parts.slice(1).map(Number) as [number, number, number]
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** A whole 12-hour time: hours 01 to 12, minutes 00 to 59, AM or PM. */
export function isValidTime(text: string): boolean {
  const parts = TIME.exec(text)
  if (!parts) return false
  const hours = Number(parts[1])
  const minutes = Number(parts[2])
  return hours >= 1 && hours <= 12 && minutes <= 59
}

/**
 * The moment a valid date and time name, as a UTC `Date` (the demo reads it back in words only,
 * so no time zone applies); null if either is not valid.
 */
export function readDateTime(date: string, time: string): Date | null {
  if (!isValidDate(date) || !isValidTime(time)) return null
  const [day, month, year] = date.split('/').map(Number) as [number, number, number]
  const [clock = '', meridiem] = time.split(' ')
  const [hours, minutes] = clock.split(':').map(Number) as [number, number]
  // 12 AM is midnight and 12 PM noon.
  const hours24 = (hours % 12) + (meridiem === 'PM' ? 12 : 0)
  const moment = new Date(Date.UTC(2000, 0, 1, hours24, minutes))
  // Set apart, because Date.UTC reads years below 100 as 19xx.
  moment.setUTCFullYear(year, month - 1, day)
  return moment
}
