import type { DeviceSample } from '../../contract/devices'

export interface SparkPoint {
  /** ms since the epoch */
  at: number
  /** Null where the device sent no such reading: the line breaks there. */
  value: number | null
}

export interface SparkBox {
  width: number
  height: number
  /** The span the width stands for, ms since the epoch. */
  from: number
  to: number
  /** Points further apart than this are not joined: the device was silent in between. */
  gapMs: number
}

/** Room left above and below the line, so its stroke is never cut. */
export const SPARK_PAD = 2

export type SampleKey = Exclude<keyof DeviceSample, 'at'>

/** One measure of a device's history as points in time, oldest first; null where no beat carried it. */
export const pointsOf = (samples: readonly DeviceSample[], key: SampleKey): SparkPoint[] =>
  samples.map((sample) => ({ at: Date.parse(sample.at), value: sample[key] })).filter((point) => Number.isFinite(point.at))

const round = (n: number) => Math.round(n * 10) / 10

const measured = (points: readonly SparkPoint[]) => points.filter((point): point is SparkPoint & { value: number } => point.value !== null)

/**
 * The SVG path of a sparkline: time runs across the box, values rise from zero at the bottom to
 * the largest at the top. A silence longer than `gapMs`, or a point without a reading, starts a new
 * stroke (a gap, never a drop to zero); a lone point is a dot.
 */
export function sparkPath(points: readonly SparkPoint[], box: SparkBox): string {
  const top = measured(points).reduce((max, point) => Math.max(max, point.value), 0)
  const span = Math.max(1, box.to - box.from)
  const x = (at: number) => round(((at - box.from) / span) * box.width)
  const y = (value: number) => round(box.height - SPARK_PAD - (top > 0 ? (value / top) * (box.height - 2 * SPARK_PAD) : 0))
  const strokes: string[][] = []
  let last: number | undefined
  for (const point of points) {
    if (point.value === null) {
      last = undefined
      continue
    }
    const step = `${x(point.at)} ${y(point.value)}`
    if (last === undefined || point.at - last > box.gapMs) strokes.push([`M${step}`])
    else strokes[strokes.length - 1]!.push(`L${step}`)
    last = point.at
  }
  return strokes.map((stroke) => (stroke.length === 1 ? `${stroke[0]} h0` : stroke.join(' '))).join(' ')
}

export interface SparkSummary {
  latest: number
  min: number
  max: number
}

/** The newest, lowest and highest reading, or undefined when no point has one. */
export function summarise(points: readonly SparkPoint[]): SparkSummary | undefined {
  const values = measured(points).map((point) => point.value)
  const newest = values[values.length - 1]
  if (newest === undefined) return undefined
  return { latest: newest, min: Math.min(...values), max: Math.max(...values) }
}
