import { call } from '../../api/client'
import { NETWORK_METRICS_PATH, type MetricRange, type NetworkMetrics } from '../../contract/metrics'

/** `GET /metrics/network?range=`: the fleet's status now, devices online and latency over time. */
export const networkMetrics = (range: MetricRange, signal?: AbortSignal) => call<NetworkMetrics>('GET', NETWORK_METRICS_PATH, { query: { range }, signal })
