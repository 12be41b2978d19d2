/** The theme colours a series may take; each is a variable of `styles/theme.css`. */
export const TONES = {
  primary: '--color-primary',
  secondary: '--color-secondary',
  info: '--color-info',
  success: '--color-success',
  warning: '--color-warning',
  error: '--color-error',
} as const
export type ChartTone = keyof typeof TONES

export interface ChartSeries {
  label: string
  /** One value per time, oldest first; null where nothing was measured. */
  values: readonly (number | null)[]
  tone: ChartTone
}

/** uPlot's data: the times, then one column per series, all of the same length. */
export type AlignedData = [number[], ...(number | null)[][]]

/** The columns uPlot draws: the times and each series cut or padded (with gaps) to their length. */
export function alignedData(times: readonly number[], series: readonly ChartSeries[]): AlignedData {
  const column = (values: readonly (number | null)[]) => times.map((_, i) => values[i] ?? null)
  return [times.slice(), ...series.map((one) => column(one.values))]
}

export interface LatestValue {
  label: string
  /** The newest measured value, or null when the series has none. */
  value: number | null
  /** Unix seconds of that value. */
  at: number | null
}

/** Each series' newest measured value, for the caption a screen reader reads. */
export function latestValues(times: readonly number[], series: readonly ChartSeries[]): LatestValue[] {
  return series.map((one) => {
    for (let i = Math.min(times.length, one.values.length) - 1; i >= 0; i--) {
      const value = one.values[i]
      if (value !== null && value !== undefined) return { label: one.label, value, at: times[i]! }
    }
    return { label: one.label, value: null, at: null }
  })
}

export interface TableRow {
  at: number
  values: (number | null)[]
}

/** The series as rows of a table, newest first: what the chart shows, point by point. */
export function tableRows(times: readonly number[], series: readonly ChartSeries[]): TableRow[] {
  const rows = times.map((at, i) => ({ at, values: series.map((one) => one.values[i] ?? null) }))
  return rows.reverse()
}

export interface ChartColours {
  text: string
  grid: string
  series: string[]
}

/** The theme's colours as the page paints them now, read from `root`'s custom properties. */
export function readColours(tones: readonly ChartTone[], root: Element = document.documentElement): ChartColours {
  const style = getComputedStyle(root)
  const read = (name: string) => style.getPropertyValue(name).trim()
  return { text: read('--color-text-muted'), grid: read('--color-border'), series: tones.map((tone) => read(TONES[tone])) }
}
