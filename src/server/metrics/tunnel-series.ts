import { HOUR_MS } from './rollup'

/** The steps of a chart: `count` steps of `stepMs` from `first` (ms), the last one `last`. */
export interface StepAxis {
  stepMs: number
  count: number
  first: number
  last: number
}

/** Bytes of an hour, both ways. */
export interface HourBytes {
  hour: number
  bytes_in: number
  bytes_out: number
}

/** `bytes` cut into `parts` whole shares that add up to it, the larger ones first. */
function shares(bytes: number, parts: number): number[] {
  const base = Math.floor(bytes / parts)
  const rest = bytes - base * parts
  return Array.from({ length: parts }, (_, index) => base + (index < rest ? 1 : 0))
}

/**
 * Puts bytes counted by the hour on a chart's steps: an hour's bytes go to its step when a step is
 * an hour or more, else evenly over its steps that have begun by the chart's last (an hour still
 * running spreads over its minutes so far); steps before the chart's first are cut off.
 */
export function hoursOnSteps(hours: HourBytes[], axis: StepAxis): { bytes_in: number[]; bytes_out: number[] } {
  const bytesIn = new Array<number>(axis.count).fill(0)
  const bytesOut = new Array<number>(axis.count).fill(0)
  const stepsPerHour = Math.max(1, Math.round(HOUR_MS / axis.stepMs))
  for (const row of hours) {
    if (axis.stepMs >= HOUR_MS) {
      const index = Math.floor((row.hour - axis.first) / axis.stepMs)
      if (index < 0 || index >= axis.count) continue
      bytesIn[index]! += row.bytes_in
      bytesOut[index]! += row.bytes_out
      continue
    }
    const begun = Math.min(stepsPerHour, Math.floor((axis.last - row.hour) / axis.stepMs) + 1)
    if (begun <= 0) continue
    const start = Math.round((row.hour - axis.first) / axis.stepMs)
    const [ins, outs] = [shares(row.bytes_in, begun), shares(row.bytes_out, begun)]
    for (let step = 0; step < begun; step++) {
      const index = start + step
      if (index < 0 || index >= axis.count) continue
      bytesIn[index]! += ins[step]!
      bytesOut[index]! += outs[step]!
    }
  }
  return { bytes_in: bytesIn, bytes_out: bytesOut }
}
