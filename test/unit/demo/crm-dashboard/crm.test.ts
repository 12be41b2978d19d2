import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CUSTOMERS, KPIS, PIPELINE, salesSeries, SALES_DAYS, stageShares, topCustomers, type PipelineStage } from '../../../../src/demo/crm-dashboard/crm'

test('the KPI tiles are leads, deals, revenue and conversion', () => {
  assert.equal(
    KPIS.map((kpi) => kpi.key),
    ['leads', 'deals', 'revenue', 'conversion'],
  )
})

test("each stage's bar is its value's share of the largest", () => {
  const stages: PipelineStage[] = [
    { stage: 'lead', deals: 1, value: 200 },
    { stage: 'qualified', deals: 1, value: 50 },
    { stage: 'won', deals: 1, value: 0 },
  ]
  assert.equal(stageShares(stages), [1, 0.25, 0])
  assert.equal(stageShares([{ stage: 'won', deals: 0, value: 0 }]), [0])
  assert.is(stageShares(PIPELINE)[0], 1)
})

test('the top customers are the five with the most revenue, most first', () => {
  const top = topCustomers(CUSTOMERS)
  assert.equal(
    top.map((one) => one.name),
    ['Nordhafen Logistics', 'Alpine Transit', 'Solaris Parking', 'Bright Harbour Hotels', 'Kestrel Retail'],
  )
  assert.is(CUSTOMERS[0]!.name, 'Alpine Transit', 'the fixture keeps its order')
})

test('the sales chart has a point at each local midnight of the last 30 days, today last, weekends lower', () => {
  const today = new Date(2026, 2, 18, 15, 20)
  const { times, revenue, target } = salesSeries(today)
  assert.is(SALES_DAYS, 30)
  assert.equal([times.length, revenue.length, target.length], [30, 30, 30])
  assert.is(times.at(-1), new Date(2026, 2, 18).getTime() / 1000)
  assert.is(times[0], new Date(2026, 1, 17).getTime() / 1000)
  // 14 and 15 March 2026 are a weekend; 13 and 16 March weekdays.
  const on = (day: number) => revenue[times.indexOf(new Date(2026, 2, day).getTime() / 1000)]!
  assert.ok(on(14) < on(13) && on(15) < on(16))
})

test.run()
