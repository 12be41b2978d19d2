import { $locale } from '../../stores/locale'

export { formatBytes, formatNumber, formatShare } from '../numbers'

const timeFormats = new Map<string, Intl.DateTimeFormat>()

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
