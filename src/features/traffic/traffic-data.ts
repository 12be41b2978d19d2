import type { TrafficMetrics } from '../../contract/metrics'
import type { ChartSeries } from '../../ui/charts/chart-data'

/** Bytes in and out per step, as the chart draws them. */
export function trafficSeries(metrics: TrafficMetrics, labels: { in: string; out: string }): ChartSeries[] {
  return [
    { label: labels.in, values: metrics.bytes_in, tone: 'primary' },
    { label: labels.out, values: metrics.bytes_out, tone: 'secondary' },
  ]
}

/** Everything the fleet sent and received over the range. */
export function trafficTotals(metrics: TrafficMetrics): { in: number; out: number } {
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value !== null && Number.isFinite(value) ? value : 0), 0)
  return { in: sum(metrics.bytes_in), out: sum(metrics.bytes_out) }
}

export interface TopRow {
  id: string
  name: string
  bytesIn: number
  bytesOut: number
  total: number
}

/** The busiest devices as table rows, most traffic first, ten at most. */
export function topRows(metrics: TrafficMetrics): TopRow[] {
  return metrics.top
    .map((device) => ({ id: device.device_id, name: device.name, bytesIn: device.bytes_in, bytesOut: device.bytes_out, total: device.bytes_in + device.bytes_out }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 10)
}
