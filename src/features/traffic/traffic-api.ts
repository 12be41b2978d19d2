import { call } from '../../api/client'
import { TRAFFIC_METRICS_PATH, type MetricRange, type TrafficMetrics } from '../../contract/metrics'

/** `GET /metrics/traffic?range=`: bytes in and out per step and the ten busiest devices. */
export const trafficMetrics = (range: MetricRange, signal?: AbortSignal) => call<TrafficMetrics>('GET', TRAFFIC_METRICS_PATH, { query: { range }, signal })

/** A device's detail view, relative to `/app`. */
export const deviceHref = (id: string) => `/devices/details?id=${encodeURIComponent(id)}`
