import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { networkSeries, statusSlices } from '../../../../src/features/network/network-data'
import { topRows, trafficSeries, trafficTotals } from '../../../../src/features/traffic/traffic-data'
import { alignedData, latestValues } from '../../../../src/ui/charts/chart-data'
import { chartOptions } from '../../../../src/ui/charts/chart-options'
import { createNetworkMetrics, createTrafficMetrics } from './metrics-factories'

test('cuts the status ring into slices in badge order that fill it exactly', () => {
  const { total, slices } = statusSlices({ online: 6, offline: 2, provisioning: 1, error: 1, pending: 0 })
  assert.is(total, 10)
  assert.equal(
    slices.map(({ status, count, start, length }) => [status, count, start, length]),
    [
      ['online', 6, 0, 60],
      ['error', 1, 60, 10],
      ['provisioning', 1, 70, 10],
      ['pending', 0, 80, 0],
      ['offline', 2, 80, 20],
    ],
  )
})

test('leaves the ring empty for an empty fleet, and ignores a negative count', () => {
  const { total, slices } = statusSlices({ online: 0, offline: 0, provisioning: -3, error: 0, pending: 0 })
  assert.is(total, 0)
  assert.equal(
    slices.map((slice) => [slice.status, slice.count, slice.length]),
    [
      ['online', 0, 0],
      ['error', 0, 0],
      ['provisioning', 0, 0],
      ['pending', 0, 0],
      ['offline', 0, 0],
    ],
  )
})

test('draws devices online and latency p50 and p95 from the network answer', () => {
  const metrics = createNetworkMetrics('1h')
  const series = networkSeries(metrics, { online: 'Online', p50: 'p50', p95: 'p95' })
  assert.equal(series.online.map((one) => [one.label, one.tone]), [['Online', 'success']])
  assert.equal(series.latency.map((one) => [one.label, one.tone]), [
    ['p50', 'primary'],
    ['p95', 'secondary'],
  ])
  const data = alignedData(metrics.times, series.latency)
  assert.is(data[0].length, 60)
  assert.is(data[1]![59], null)
  // The caption skips the last step, where no heartbeat arrived.
  assert.equal(latestValues(metrics.times, series.latency), [
    { label: 'p50', value: metrics.latency_p50[58]!, at: metrics.times[58]! },
    { label: 'p95', value: metrics.latency_p95[58]!, at: metrics.times[58]! },
  ])
})

test('draws bytes in and out and sums them over the range', () => {
  const metrics = createTrafficMetrics('1h')
  const series = trafficSeries(metrics, { in: 'In', out: 'Out' })
  assert.equal(alignedData(metrics.times, series)[2], metrics.bytes_out)
  // In: 1000 + 2000 + ... + 60 000; out: 60 x 500.
  assert.equal(trafficTotals(metrics), { in: 1830_000, out: 30_000 })
})

test('leaves a gap, not a zero, in the steps where no heartbeat carried bytes', () => {
  const metrics = createTrafficMetrics('1h')
  metrics.bytes_in = metrics.bytes_in.map((value, i) => (i === 10 || i === 11 ? null : value))
  const series = trafficSeries(metrics, { in: 'In', out: 'Out' })
  const data = alignedData(metrics.times, series)
  assert.equal([data[1]![9], data[1]![10], data[1]![11], data[1]![12]], [10_000, null, null, 13_000])
  assert.equal(trafficTotals(metrics), { in: 1830_000 - 11_000 - 12_000, out: 30_000 })
  const options = chartOptions(series, { width: 400, height: 200, colours: { text: '', grid: '', series: ['', ''] }, rtl: false, spanSeconds: 3600, format: String, timeLabel: 'Time' })
  assert.equal(options.series.slice(1).map((one) => one.spanGaps), [false, false])
})

test('lists the busiest devices most first, ten at most, with their totals', () => {
  const top = Array.from({ length: 12 }, (_, i) => ({ device_id: `d-${i}`, name: `gate-${i}`, bytes_in: i * 100, bytes_out: 5 }))
  const rows = topRows(createTrafficMetrics('24h', { top }))
  assert.is(rows.length, 10)
  assert.equal(rows[0], { id: 'd-11', name: 'gate-11', bytesIn: 1100, bytesOut: 5, total: 1105 })
  assert.equal(rows.map((row) => row.id).slice(-1), ['d-2'])
})

test.run()
