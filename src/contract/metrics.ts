/**
 * The dashboards' wire shapes: `GET /metrics/network?range=` (right `network`) and
 * `GET /metrics/traffic?range=` (right `traffic`). Series are columns of equal length, oldest
 * first, one point per step, as uPlot draws them; `times` are Unix seconds at each step's start.
 */
export const METRIC_RANGES = {
  '1h': { seconds: 3_600, stepSeconds: 60 },
  '24h': { seconds: 86_400, stepSeconds: 300 },
  '7d': { seconds: 604_800, stepSeconds: 3_600 },
} as const
export type MetricRange = keyof typeof METRIC_RANGES
export const DEFAULT_METRIC_RANGE: MetricRange = '24h'
export const isMetricRange = (value: unknown): value is MetricRange =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(METRIC_RANGES, value)

export const NETWORK_METRICS_PATH = '/metrics/network'
export const TRAFFIC_METRICS_PATH = '/metrics/traffic'

interface SeriesAnswer {
  range: MetricRange
  step_seconds: number
  /** When the server read the data, ISO; the charts show its age. */
  generated_at: string
  /** Unix seconds, one per step. */
  times: number[]
}

export interface NetworkMetrics extends SeriesAnswer {
  /** The organization's devices by status now. */
  status: { online: number; offline: number; provisioning: number; error: number; pending: number }
  /** Distinct devices that reported online in each step. */
  online: number[]
  /** Latency of the heartbeats in each step, in ms; null where none arrived. */
  latency_p50: (number | null)[]
  latency_p95: (number | null)[]
}

export interface TrafficMetrics extends SeriesAnswer {
  /** Bytes reported in each step, summed over the fleet; null where no heartbeat carried them. */
  bytes_in: (number | null)[]
  bytes_out: (number | null)[]
  /**
   * Bytes through the organization's tunnels in each step, metered by the console (not reported),
   * 0 where none; it counts them by hour, so a step shorter than an hour holds its even share of
   * its hour. The server always says them.
   */
  tunnel_bytes_in?: number[]
  tunnel_bytes_out?: number[]
  /** The ten devices with the most traffic (in + out) over the range, most first. */
  top: { device_id: string; name: string; bytes_in: number; bytes_out: number }[]
}
