import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { alignedData, latestValues, readColours, tableRows, type ChartSeries } from '../../../../src/ui/charts/chart-data'

const times = [600, 660, 720, 780]
const createSeries = (overrides: Partial<ChartSeries> = {}): ChartSeries => ({ label: 'Online', values: [1, 2, 3, 4], tone: 'success', ...overrides })

test('turns an answer into uPlot columns: the times, then one column per series', () => {
  const data = alignedData(times, [createSeries(), createSeries({ label: 'p95', values: [null, 40, null, 55] })])
  assert.equal(data, [
    [600, 660, 720, 780],
    [1, 2, 3, 4],
    [null, 40, null, 55],
  ])
})

test('pads a short series with gaps and cuts a long one to the times', () => {
  const data = alignedData(times, [createSeries({ values: [7] }), createSeries({ values: [1, 2, 3, 4, 5, 6] })])
  assert.equal(data[1], [7, null, null, null])
  assert.equal(data[2], [1, 2, 3, 4])
})

test('gives each series its newest measured value, skipping the gaps at the end', () => {
  const latest = latestValues(times, [createSeries(), createSeries({ label: 'p50', values: [10, 12, null, null] }), createSeries({ label: 'none', values: [null, null, null, null] })])
  assert.equal(latest, [
    { label: 'Online', value: 4, at: 780 },
    { label: 'p50', value: 12, at: 660 },
    { label: 'none', value: null, at: null },
  ])
})

test('keeps a zero as a measured value', () => {
  assert.equal(latestValues(times, [createSeries({ values: [3, 2, 1, 0] })])[0], { label: 'Online', value: 0, at: 780 })
})

test('lists the points as table rows, newest first, a gap as null', () => {
  const rows = tableRows(times, [createSeries(), createSeries({ values: [null, 40, null] })])
  assert.equal(rows, [
    { at: 780, values: [4, null] },
    { at: 720, values: [3, null] },
    { at: 660, values: [2, 40] },
    { at: 600, values: [1, null] },
  ])
})

test('reads the series colours from the theme variables of the page', () => {
  const root = document.createElement('div')
  root.style.setProperty('--color-primary', ' #123456')
  root.style.setProperty('--color-success', '#1e6b24')
  root.style.setProperty('--color-text-muted', '#5c5c5c')
  root.style.setProperty('--color-border', '#d6d6d6')
  document.body.append(root)
  assert.equal(readColours(['primary', 'success'], root), { text: '#5c5c5c', grid: '#d6d6d6', series: ['#123456', '#1e6b24'] })
  root.remove()
})

test.run()
