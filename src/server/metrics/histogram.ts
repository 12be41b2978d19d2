/**
 * A latency histogram with fixed, log-spaced buckets, so rollups of any grain add up by summing
 * counts and p50/p95 can be estimated from them. Bucket 0 holds [0, 0.5) ms; bucket i >= 1 holds
 * [0.5·R^(i-1), 0.5·R^i) ms with R = 1.2, up to beyond the 60 s a heartbeat may report.
 *
 * Error bound: a quantile is answered as the geometric middle of the bucket holding the sample of
 * that rank (nearest rank), so for samples of 0.5 ms or more it is within a factor √R of the true
 * value: less than 9.6 % off (√1.2 ≈ 1.0954). Below 0.5 ms the answer is 0.25 ms, within 0.25 ms.
 */
export const RATIO = 1.2
const FLOOR_MS = 0.5
export const BUCKETS = 66
/** The relative error bound of `quantile` for latencies of at least 0.5 ms. */
export const RELATIVE_ERROR = Math.sqrt(RATIO) - 1

const LOG_RATIO = Math.log(RATIO)

export function bucketOf(ms: number): number {
  if (!(ms >= FLOOR_MS)) return 0
  return Math.min(BUCKETS - 1, 1 + Math.floor(Math.log(ms / FLOOR_MS) / LOG_RATIO))
}

/** The value a bucket stands for: its geometric middle (0.25 ms for the first). */
export function middleOf(bucket: number): number {
  return bucket === 0 ? FLOOR_MS / 2 : FLOOR_MS * RATIO ** (bucket - 1) * Math.sqrt(RATIO)
}

export type Histogram = number[]

export const emptyHistogram = (): Histogram => new Array<number>(BUCKETS).fill(0)

export function addTo(histogram: Histogram, other: readonly number[]): void {
  for (let i = 0; i < Math.min(BUCKETS, other.length); i++) histogram[i]! += other[i] ?? 0
}

/** Stored as JSON text, trailing empty buckets left out. */
export function encode(histogram: Histogram): string {
  let end = histogram.length
  while (end > 0 && histogram[end - 1] === 0) end--
  return JSON.stringify(histogram.slice(0, end))
}

export function decode(text: string): Histogram {
  const histogram = emptyHistogram()
  try {
    const parsed: unknown = JSON.parse(text)
    if (Array.isArray(parsed)) addTo(histogram, parsed.map((n) => (typeof n === 'number' && Number.isFinite(n) ? n : 0)))
  } catch {
    // A damaged row counts as empty.
  }
  return histogram
}

/** The `q` quantile (0 < q <= 1) by nearest rank, in ms rounded to 0.01; null when empty. */
export function quantile(histogram: readonly number[], q: number): number | null {
  let total = 0
  for (const n of histogram) total += n
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!
    if (seen >= rank) return Math.round(middleOf(i) * 100) / 100
  }
  return Math.round(middleOf(histogram.length - 1) * 100) / 100
}
