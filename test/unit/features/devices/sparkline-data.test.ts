import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bucketSamples } from '../../../../src/contract/device-history'
import { formatBytes } from '../../../../src/ui/numbers'
import { pointsOf, sparkPath, SPARK_PAD, summarise, type SparkBox } from '../../../../src/features/devices/sparkline-data'

const MIN = 60_000
const T0 = Date.parse('2025-01-12T00:00:00.000Z')
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString()
const sample = (minutes: number, latency_ms: number | null, bytes_in: number | null = 0, bytes_out: number | null = 0) => ({ at: at(minutes), latency_ms, bytes_in, bytes_out })

// 100 units wide for 100 minutes, 24 high: x is the minute, y runs from 22 (zero) to 2 (the top value).
const box: SparkBox = { width: 100, height: 24, from: T0, to: T0 + 100 * MIN, gapMs: 20 * MIN }

test('reads one measure of the samples as points in time', () => {
  assert.equal(pointsOf([sample(0, 12, 5, 6), sample(10, 15, 7, 8)], 'bytes_out'), [
    { at: T0, value: 6 },
    { at: T0 + 10 * MIN, value: 8 },
  ])
})

test('draws time across and values up from zero to the largest', () => {
  const points = pointsOf([sample(0, 0), sample(10, 5), sample(20, 10)], 'latency_ms')
  assert.is(SPARK_PAD, 2)
  assert.is(sparkPath(points, box), 'M0 22 L10 12 L20 2')
})

test('starts a new stroke after a silence and draws a lone point as a dot', () => {
  const points = pointsOf([sample(0, 4), sample(10, 8), sample(50, 8), sample(90, 2), sample(100, 4)], 'latency_ms')
  assert.is(sparkPath(points, box), 'M0 12 L10 2 M50 2 h0 M90 17 L100 12')
})

test('keeps a line of zeros on the bottom and draws nothing for no points', () => {
  assert.is(sparkPath(pointsOf([sample(0, 0), sample(10, 0)], 'latency_ms'), box), 'M0 22 L10 22')
  assert.is(sparkPath([], box), '')
})

test('breaks the line where a bucket has no reading, rather than drawing it down to zero', () => {
  const points = pointsOf([sample(0, 4), sample(10, 8), sample(20, null), sample(30, 8), sample(40, 4)], 'latency_ms')
  assert.equal(points[2], { at: T0 + 20 * MIN, value: null })
  assert.is(sparkPath(points, box), 'M0 12 L10 2 M30 2 L40 12')
  assert.is(sparkPath(pointsOf([sample(0, null), sample(10, 6), sample(20, null)], 'latency_ms'), box), 'M10 2 h0')
  assert.is(sparkPath(pointsOf([sample(0, null), sample(10, null)], 'latency_ms'), box), '')
})

test('sums up the readings there are, skipping points without one', () => {
  const points = pointsOf([sample(0, 20), sample(10, 3), sample(20, null)], 'latency_ms')
  assert.equal(summarise(points), { latest: 3, min: 3, max: 20 })
  assert.is(summarise(pointsOf([sample(0, null)], 'latency_ms')), undefined)
})

test('sums up the latest, lowest and highest value', () => {
  const points = pointsOf([sample(0, 20), sample(10, 7.5), sample(20, 140), sample(30, 12)], 'latency_ms')
  assert.equal(summarise(points), { latest: 12, min: 7.5, max: 140 })
  assert.is(summarise([]), undefined)
})

test('buckets heartbeats: latency averaged, bytes summed, one point per bucket with samples', () => {
  const raw = [sample(1, 10, 100, 1), sample(4, 21, 200, 2), sample(35, 30, 5, 5), sample(9, 20, 300, 3)]
  assert.equal(bucketSamples(raw, 10 * MIN), [
    { at: at(0), latency_ms: 17, bytes_in: 600, bytes_out: 6 },
    { at: at(30), latency_ms: 30, bytes_in: 5, bytes_out: 5 },
  ])
})

test('buckets heartbeats: each reading over the beats that carried it, null where none did', () => {
  const raw = [sample(1, 10, null, 4), sample(4, null, 200, null), sample(12, null, null, null), sample(35, 30, 0, 5)]
  assert.equal(bucketSamples(raw, 10 * MIN), [
    { at: at(0), latency_ms: 10, bytes_in: 200, bytes_out: 4 },
    { at: at(10), latency_ms: null, bytes_in: null, bytes_out: null },
    { at: at(30), latency_ms: 30, bytes_in: 0, bytes_out: 5 },
  ])
})

test('writes byte counts in SI units, kept left to right', () => {
  assert.equal([0, 999, 1000, 2_500_000, 3.25e12].map(formatBytes), ['\u20660\u00a0B\u2069', '\u2066999\u00a0B\u2069', '\u20661\u00a0kB\u2069', '\u20662.5\u00a0MB\u2069', '\u20663.3\u00a0TB\u2069'])
})

test.run()
