import { $locale } from '../../stores/locale'

const numberFormats = new Map<string, Intl.NumberFormat>()
const timeFormats = new Map<string, Intl.DateTimeFormat>()

/** `n` with at most `digits` decimals, grouped as the console's language writes numbers. */
export function formatNumber(n: number, digits = 1): string {
  const key = `${$locale.get()}-${digits}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat($locale.get(), { maximumFractionDigits: digits })
    numberFormats.set(key, format)
  }
  return format.format(n)
}

/** A share of a whole, 0..1, as the language writes percentages: `42 %`. */
export function formatShare(part: number, whole: number): string {
  return new Intl.NumberFormat($locale.get(), { style: 'percent', maximumFractionDigits: 0 }).format(whole > 0 ? part / whole : 0)
}

// SI symbols read the same in every language the console speaks.
const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const

/** Left-to-right isolation, so `1.2 MB` keeps its order inside a right-to-left sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`

/** A byte count in the largest unit that keeps it at 1 or more: `1.2 MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return ltr(`${formatNumber(value, unit === 0 ? 0 : 1)}\u00a0${BYTE_UNITS[unit]}`)
}

export type TimeStyle = 'clock' | 'day' | 'full'

const TIME_STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  clock: { hour: '2-digit', minute: '2-digit' },
  day: { month: 'short', day: 'numeric' },
  full: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
}

/** Unix seconds as the language writes a time of day, a day, or both. */
export function formatTime(seconds: number, style: TimeStyle = 'full'): string {
  const key = `${$locale.get()}-${style}`
  let format = timeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat($locale.get(), TIME_STYLES[style])
    timeFormats.set(key, format)
  }
  return format.format(new Date(seconds * 1000))
}
