import { METRIC_RANGES, type MetricRange, type NetworkMetrics, type TrafficMetrics } from '../../../../src/contract/metrics'

/** The times of a range's answer, ending at `end` (Unix seconds), one per step. */
const timesOf = (range: MetricRange, end: number) => {
  const { seconds, stepSeconds } = METRIC_RANGES[range]
  const count = seconds / stepSeconds
  return Array.from({ length: count }, (_, i) => end - (count - 1 - i) * stepSeconds)
}

const END = 1_900_000_200

export function createNetworkMetrics(range: MetricRange = '24h', overrides: Partial<NetworkMetrics> = {}): NetworkMetrics {
  const times = timesOf(range, END)
  return {
    range,
    step_seconds: METRIC_RANGES[range].stepSeconds,
    generated_at: new Date().toISOString(),
    times,
    status: { online: 6, offline: 2, provisioning: 1, error: 1, pending: 0 },
    online: times.map((_, i) => (i % 5) + 1),
    latency_p50: times.map((_, i) => (i === times.length - 1 ? null : 20 + (i % 3))),
    latency_p95: times.map((_, i) => (i === times.length - 1 ? null : 80 + (i % 7))),
    ...overrides,
  }
}

export function createTrafficMetrics(range: MetricRange = '24h', overrides: Partial<TrafficMetrics> = {}): TrafficMetrics {
  const times = timesOf(range, END)
  return {
    range,
    step_seconds: METRIC_RANGES[range].stepSeconds,
    generated_at: new Date().toISOString(),
    times,
    bytes_in: times.map((_, i) => 1000 * (i + 1)),
    bytes_out: times.map(() => 500),
    top: [
      { device_id: 'd-2', name: 'gate-2', bytes_in: 2_000_000, bytes_out: 1_000_000 },
      { device_id: 'd-1', name: 'gate-1', bytes_in: 5_000_000, bytes_out: 500_000 },
    ],
    ...overrides,
  }
}
