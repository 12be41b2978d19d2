import { Hono, type Context } from 'hono'
import {
  DEFAULT_METRIC_RANGE,
  isMetricRange,
  METRIC_RANGES,
  NETWORK_METRICS_PATH,
  TRAFFIC_METRICS_PATH,
  type MetricRange,
  type NetworkMetrics,
  type TrafficMetrics,
} from '../../contract/metrics'
import { deviceNames, deviceStatusCounts, heartbeatTrafficByDevice, hourTrafficByDevice, rollupSeries } from '../db/metrics/dashboards'
import { tunnelTrafficByHour } from '../db/metrics/tunnel-traffic'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput } from '../http/body'
import type { Services } from '../services'
import { decode, quantile } from './histogram'
import { createRollup, foldTarget, HOUR_MS, MINUTE_MS, type Rollup } from './rollup'
import { hoursOnSteps } from './tunnel-series'
import { describe } from '../openapi/registry'
import { int, list, num, obj, oneOf, orNull, str, time } from '../openapi/shapes'

const MAX_TOP_CACHE = 1000

/** A missing range is the default (24 h); anything else but 1h, 24h or 7d is 400. */
function rangeOf(c: Context): MetricRange {
  const range = c.req.query('range') ?? DEFAULT_METRIC_RANGE
  if (!isMetricRange(range)) throw invalidInput({ range: 'validation.invalid' })
  return range
}

/**
 * The steps of a range: it ends with the step holding the last complete (folded) minute, so the
 * last point of the 1 h range is never a minute still filling; the last step of 24 h and 7 d holds
 * the minutes of it folded so far. `end` is the end (excluded) of the folded minutes.
 */
function axisOf(range: MetricRange, now: Date) {
  const { seconds, stepSeconds } = METRIC_RANGES[range]
  const stepMs = stepSeconds * 1000
  const count = seconds / stepSeconds
  const end = foldTarget(now)
  const last = Math.floor((end - MINUTE_MS) / stepMs) * stepMs
  const first = last - (count - 1) * stepMs
  return { stepSeconds, stepMs, count, first, last, end, times: Array.from({ length: count }, (_, i) => (first + i * stepMs) / 1000) }
}
type Axis = ReturnType<typeof axisOf>

/** Whether some of a step's beats carried a reading: not when every one of them lacked it. */
const carried = (samples: number | string, missing: number | string) => Number(samples) > Number(missing)

interface TopRow {
  device_id: string
  bytes_in: number
  bytes_out: number
}

/**
 * `GET /metrics/network` (right `network`) and `GET /metrics/traffic` (right `traffic`): one point
 * per step of the range, read from the rollups of that step's grain (60, 288 or 168 rows whatever
 * the fleet's size); each request first folds the minutes complete since the last fold.
 */
const RANGE = [{ name: 'range', description: 'How far back: 60 points of a minute, 288 of five minutes or 168 of an hour.', schema: { type: 'string', enum: Object.keys(METRIC_RANGES), default: DEFAULT_METRIC_RANGE } }]
const SERIES = { range: oneOf(Object.keys(METRIC_RANGES)), step_seconds: int, generated_at: time, times: list(int) }
describe(
  {
    method: 'get',
    path: NETWORK_METRICS_PATH,
    tag: 'Dashboards',
    summary: 'Network dashboard',
    description: 'The devices by status now, devices online over time and latency p50/p95 over time (null in a step where no heartbeat carried a latency).',
    caller: 'principal',
    rights: ['network'],
    query: RANGE,
    answers: {
      200: {
        description: 'Series of equal length, oldest first.',
        body: obj({ ...SERIES, status: obj({ online: int, offline: int, provisioning: int, error: int, pending: int }), online: list(int), latency_p50: list(orNull(num)), latency_p95: list(orNull(num)) }),
      },
      400: { description: 'A range it does not take.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'get',
    path: TRAFFIC_METRICS_PATH,
    tag: 'Dashboards',
    summary: 'Traffic dashboard',
    description:
      'Bytes in and out over time as the devices reported them (null in a step where no heartbeat carried them), beside them the bytes through tunnels as the console metered them (`tunnel_bytes_in`, `tunnel_bytes_out`: counted by the hour, a step shorter than an hour holds its even share of it), and the ten devices with the most reported traffic.',
    caller: 'principal',
    rights: ['traffic'],
    query: RANGE,
    answers: {
      200: {
        description: 'Series of equal length, oldest first.',
        body: obj({ ...SERIES, bytes_in: list(orNull(num)), bytes_out: list(orNull(num)), tunnel_bytes_in: list(num), tunnel_bytes_out: list(num), top: list(obj({ device_id: str, name: str, bytes_in: num, bytes_out: num })) }),
      },
      400: { description: 'A range it does not take.', body: { ref: 'Error' } },
    },
  },
)

export function metricsRoutes(services: Services, rollup: Rollup = createRollup(services)) {
  const { db } = services
  /** Top tens per organization and range, computed once per folded minute (the promise is kept). */
  const tops = new Map<string, { first: number; end: number; top: Promise<TopRow[]> }>()

  async function series(organizationId: string, axis: Axis) {
    const rows = await rollupSeries(db, organizationId, axis.stepSeconds, axis.first, axis.last)
    const byIndex = new Map(rows.map((row) => [Math.round((Date.parse(row.bucket) - axis.first) / axis.stepMs), row]))
    return Array.from({ length: axis.count }, (_, index) => byIndex.get(index))
  }

  /** Bytes through the organization's tunnels on the steps of the range, metered by the hour. */
  async function tunnelSeries(organizationId: string, axis: Axis) {
    const firstHour = Math.floor(axis.first / HOUR_MS) * HOUR_MS
    return hoursOnSteps(await tunnelTrafficByHour(db, organizationId, firstHour, axis.last + axis.stepMs), axis)
  }

  /**
   * The ten devices with most traffic over [first, end): whole hours from the per-device hour
   * rollup, the leading part of an hour (24 h and 1 h ranges start within one) from the raw
   * heartbeats, so the figures cover exactly the span of the chart.
   */
  async function computeTop(organizationId: string, first: number, end: number): Promise<TopRow[]> {
    const firstHour = Math.min(Math.ceil(first / HOUR_MS) * HOUR_MS, end)
    const sums = new Map<string, TopRow>()
    const add = (rows: { device_id: string; bytes_in: unknown; bytes_out: unknown }[]) => {
      for (const row of rows) {
        const sum = sums.get(row.device_id) ?? { device_id: row.device_id, bytes_in: 0, bytes_out: 0 }
        sum.bytes_in += Number(row.bytes_in ?? 0)
        sum.bytes_out += Number(row.bytes_out ?? 0)
        sums.set(row.device_id, sum)
      }
    }
    if (first < firstHour) add(await heartbeatTrafficByDevice(db, organizationId, first, firstHour))
    if (firstHour < end) add(await hourTrafficByDevice(db, organizationId, firstHour, end))
    return [...sums.values()]
      .filter((row) => row.bytes_in + row.bytes_out > 0)
      .sort((a, b) => b.bytes_in + b.bytes_out - (a.bytes_in + a.bytes_out) || a.device_id.localeCompare(b.device_id))
      .slice(0, 12)
  }

  function topOf(organizationId: string, range: MetricRange, axis: Axis): Promise<TopRow[]> {
    const key = `${organizationId}\n${range}`
    const cached = tops.get(key)
    if (cached && cached.first === axis.first && cached.end === axis.end) return cached.top
    const top = computeTop(organizationId, axis.first, axis.end)
    tops.delete(key)
    if (tops.size >= MAX_TOP_CACHE) tops.delete(tops.keys().next().value!)
    tops.set(key, { first: axis.first, end: axis.end, top })
    // A failed computation is not kept.
    top.catch(() => tops.get(key)?.top === top && tops.delete(key))
    return top
  }

  return new Hono<AuthEnv>()
    .get(NETWORK_METRICS_PATH, requirePrincipal(services), requireRight('network'), async (c) => {
      const range = rangeOf(c)
      const { organizationId } = c.var.principal
      const now = services.now()
      const axis = axisOf(range, now)
      await rollup.catchUp()
      const [points, statusRows] = await Promise.all([
        series(organizationId, axis),
        deviceStatusCounts(db, organizationId),
      ])
      const status = { online: 0, offline: 0, provisioning: 0, error: 0, pending: 0 }
      for (const row of statusRows) {
        if (Object.hasOwn(status, row.status)) status[row.status as keyof typeof status] += Number(row.n)
      }
      const histograms = points.map((point) => (point ? decode(point.latency) : undefined))
      const answer: NetworkMetrics = {
        range,
        step_seconds: axis.stepSeconds,
        generated_at: now.toISOString(),
        times: axis.times,
        status,
        online: points.map((point) => Number(point?.online ?? 0)),
        latency_p50: histograms.map((histogram) => (histogram ? quantile(histogram, 0.5) : null)),
        latency_p95: histograms.map((histogram) => (histogram ? quantile(histogram, 0.95) : null)),
      }
      return c.json(answer)
    })
    .get(TRAFFIC_METRICS_PATH, requirePrincipal(services), requireRight('traffic'), async (c) => {
      const range = rangeOf(c)
      const { organizationId } = c.var.principal
      const now = services.now()
      const axis = axisOf(range, now)
      await rollup.catchUp()
      const [points, ranked, tunnelled] = await Promise.all([series(organizationId, axis), topOf(organizationId, range, axis), tunnelSeries(organizationId, axis)])
      const names = ranked.length
        ? await deviceNames(
            db,
            organizationId,
            ranked.map((row) => row.device_id),
          )
        : []
      const nameOf = new Map(names.map((row) => [row.id, row.name]))
      const answer: TrafficMetrics = {
        range,
        step_seconds: axis.stepSeconds,
        generated_at: now.toISOString(),
        times: axis.times,
        bytes_in: points.map((point) => point && carried(point.samples, point.bytes_in_missing) ? Number(point.bytes_in) : null),
        bytes_out: points.map((point) => point && carried(point.samples, point.bytes_out_missing) ? Number(point.bytes_out) : null),
        tunnel_bytes_in: tunnelled.bytes_in,
        tunnel_bytes_out: tunnelled.bytes_out,
        // A device deleted since the figures were summed drops out.
        top: ranked
          .filter((row) => nameOf.has(row.device_id))
          .slice(0, 10)
          .map((row) => ({ device_id: row.device_id, name: nameOf.get(row.device_id)!, bytes_in: row.bytes_in, bytes_out: row.bytes_out })),
      }
      return c.json(answer)
    })
}
