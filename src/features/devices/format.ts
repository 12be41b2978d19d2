import { $locale } from '../../stores/locale'

const formats = new Map<string, Intl.NumberFormat>()

/** `n` with at most `digits` decimals, grouped as the console's language writes numbers. */
export function formatNumber(n: number, digits = 1): string {
  const key = `${$locale.get()}-${digits}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat($locale.get(), { maximumFractionDigits: digits })
    formats.set(key, format)
  }
  return format.format(n)
}

// SI symbols read the same in every language the console speaks.
const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const

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
