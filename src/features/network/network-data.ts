import type { NetworkMetrics } from '../../contract/metrics'
import type { ChartSeries } from '../../ui/charts/chart-data'

/** The statuses in the order the breakdown draws them, each in the colour its badge has. */
export const STATUS_ORDER = ['online', 'error', 'provisioning', 'pending', 'offline'] as const
export type FleetStatus = (typeof STATUS_ORDER)[number]

export interface StatusSlice {
  status: FleetStatus
  count: number
  /** Where the slice starts and how long it is, in hundredths of the ring. */
  start: number
  length: number
}

/** The fleet's statuses as slices of a ring of 100, in `STATUS_ORDER`; empty statuses take no room. */
export function statusSlices(status: NetworkMetrics['status']): { total: number; slices: StatusSlice[] } {
  const total = STATUS_ORDER.reduce((sum, key) => sum + Math.max(0, status[key] ?? 0), 0)
  let start = 0
  const slices = STATUS_ORDER.map((key) => {
    const count = Math.max(0, status[key] ?? 0)
    const length = total > 0 ? (count / total) * 100 : 0
    const slice = { status: key, count, start, length }
    start += length
    return slice
  })
  return { total, slices }
}

export interface NetworkLabels {
  online: string
  p50: string
  p95: string
}

/** The network answer as the two charts draw it: devices online, and latency p50 and p95. */
export function networkSeries(metrics: NetworkMetrics, labels: NetworkLabels): { online: ChartSeries[]; latency: ChartSeries[] } {
  return {
    online: [{ label: labels.online, values: metrics.online, tone: 'success' }],
    latency: [
      { label: labels.p50, values: metrics.latency_p50, tone: 'primary' },
      { label: labels.p95, values: metrics.latency_p95, tone: 'secondary' },
    ],
  }
}
