import { GB, wholeGb } from '../contract/plans'
import { $locale } from '../stores/locale'

const numberFormats = new Map<string, Intl.NumberFormat>()

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

/** A byte count in decimal units, the largest that keeps it at 1 or more, one decimal past bytes: `1.2 MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return ltr(`${formatNumber(value, unit === 0 ? 0 : 1)}\u00a0${BYTE_UNITS[unit]}`)
}

/** Traffic as an invoice counts it, grouped as its amounts are: whole GB (`534 GB`, `5,000 GB`); under one GB as `formatBytes`. */
export const formatGb = (bytes: number): string => (bytes < GB ? formatBytes(bytes) : `${wholeGb(bytes).toLocaleString('en')} GB`)
