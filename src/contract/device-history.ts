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
  latency_ms: number
  bytes_in: number
  bytes_out: number
}

/**
 * Heartbeats folded into buckets of `bucketMs` aligned to the epoch: the mean latency (to 0.1 ms)
 * and the bytes summed, one point per bucket that heard anything, oldest first.
 */
export function bucketSamples(samples: readonly RawSample[], bucketMs: number): DeviceSample[] {
  const buckets = new Map<number, { n: number; latency: number; bytesIn: number; bytesOut: number }>()
  for (const sample of samples) {
    const time = Date.parse(sample.at)
    if (!Number.isFinite(time)) continue
    const start = Math.floor(time / bucketMs) * bucketMs
    const bucket = buckets.get(start) ?? { n: 0, latency: 0, bytesIn: 0, bytesOut: 0 }
    bucket.n += 1
    bucket.latency += sample.latency_ms
    bucket.bytesIn += sample.bytes_in
    bucket.bytesOut += sample.bytes_out
    buckets.set(start, bucket)
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, bucket]) => ({
      at: new Date(start).toISOString(),
      latency_ms: Math.round((bucket.latency / bucket.n) * 10) / 10,
      bytes_in: bucket.bytesIn,
      bytes_out: bucket.bytesOut,
    }))
}
