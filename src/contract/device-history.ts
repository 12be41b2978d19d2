import type { DeviceStatus } from './device-status'
import type { DeviceSample } from './devices'

/** The spans `GET /devices/{id}/history?range=` answers, each cut into 144 buckets. */
export const HISTORY_RANGES = {
  '1h': { ms: 3_600_000, bucketMs: 60_000 },
  '24h': { ms: 86_400_000, bucketMs: 600_000 },
  '7d': { ms: 604_800_000, bucketMs: 3_600_000 },
} as const
export type HistoryRange = keyof typeof HISTORY_RANGES
export const DEFAULT_HISTORY_RANGE: HistoryRange = '24h'

export const isHistoryRange = (value: unknown): value is HistoryRange => typeof value === 'string' && Object.prototype.hasOwnProperty.call(HISTORY_RANGES, value)

/** `/devices/{id}/history` relative to `{host}`. */
export const historyPath = (id: string) => `/devices/${encodeURIComponent(id)}/history`

export interface RawSample {
  at: string
  latency_ms: number | null
  bytes_in: number | null
  bytes_out: number | null
}

type Reading = Exclude<keyof RawSample, 'at'>
const READINGS: readonly Reading[] = ['latency_ms', 'bytes_in', 'bytes_out']

/**
 * Heartbeats folded into buckets of `bucketMs` aligned to the epoch, one point per bucket that heard
 * anything, oldest first: the mean latency (to 0.1 ms) over the beats that carried one and the
 * bytes summed; a reading no beat of the bucket carried is null there, not zero.
 */
export function bucketSamples(samples: readonly RawSample[], bucketMs: number): DeviceSample[] {
  const buckets = new Map<number, Record<Reading, { n: number; sum: number }>>()
  for (const sample of samples) {
    const time = Date.parse(sample.at)
    if (!Number.isFinite(time)) continue
    const start = Math.floor(time / bucketMs) * bucketMs
    let bucket = buckets.get(start)
    if (!bucket) {
      bucket = { latency_ms: { n: 0, sum: 0 }, bytes_in: { n: 0, sum: 0 }, bytes_out: { n: 0, sum: 0 } }
      buckets.set(start, bucket)
    }
    for (const reading of READINGS) {
      const value = sample[reading]
      if (value === null || value === undefined) continue
      bucket[reading].n += 1
      bucket[reading].sum += Number(value)
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, bucket]) => ({
      at: new Date(start).toISOString(),
      latency_ms: bucket.latency_ms.n ? Math.round((bucket.latency_ms.sum / bucket.latency_ms.n) * 10) / 10 : null,
      bytes_in: bucket.bytes_in.n ? bucket.bytes_in.sum : null,
      bytes_out: bucket.bytes_out.n ? bucket.bytes_out.sum : null,
    }))
}

/** A device status the timeline tells: the device's own, or `disabled` while it was switched off. */
export type TimelineStatus = DeviceStatus | 'disabled'

/** One run of a status over `GET /devices/{id}/timeline`: `to` is null for the run still going. */
export interface TimelineRun {
  status: TimelineStatus
  from: string
  to: string | null
}

/** At most this many runs are answered; any further ones are merged into the last. */
export const TIMELINE_MAX_RUNS = 2000

/** `/devices/{id}/timeline` relative to `{host}`. */
export const timelinePath = (id: string) => `/devices/${encodeURIComponent(id)}/timeline`
