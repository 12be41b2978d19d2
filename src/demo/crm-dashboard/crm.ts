/** A KPI tile: a figure the counters run up to. */
export interface Kpi {
  key: 'leads' | 'deals' | 'revenue' | 'conversion'
  value: number
  /** Places after the point (the conversion rate, in percent, takes one). */
  decimals: number
}

/** The made-up quarter of the CRM dashboard. */
export const KPIS: readonly Kpi[] = [
  { key: 'leads', value: 2340, decimals: 0 },
  { key: 'deals', value: 418, decimals: 0 },
  { key: 'revenue', value: 1_286_400, decimals: 0 },
  { key: 'conversion', value: 17.9, decimals: 1 },
]

export type Stage = 'lead' | 'qualified' | 'proposal' | 'negotiation' | 'won'

/** A stage of the deals pipeline: how many deals sit there and what they are worth, in dollars. */
export interface PipelineStage {
  stage: Stage
  deals: number
  value: number
}

export const PIPELINE: readonly PipelineStage[] = [
  { stage: 'lead', deals: 126, value: 948_000 },
  { stage: 'qualified', deals: 74, value: 612_500 },
  { stage: 'proposal', deals: 41, value: 402_300 },
  { stage: 'negotiation', deals: 19, value: 231_800 },
  { stage: 'won', deals: 12, value: 158_600 },
]

/** Each stage's value as a share (0 to 1) of the largest, for the width of its bar. */
export const stageShares = (stages: readonly PipelineStage[]) => {
  const largest = Math.max(0, ...stages.map((one) => one.value))
  return stages.map((one) => (largest ? one.value / largest : 0))
}

export type ActivityKind = 'call' | 'email' | 'meeting' | 'won'

/** Something the sales team did, how long ago. */
export interface Activity {
  id: number
  who: string
  kind: ActivityKind
  customer: string
  minutesAgo: number
}

export const ACTIVITIES: readonly Activity[] = [
  { id: 1, who: 'Mira Hoffmann', kind: 'won', customer: 'Nordhafen Logistics', minutesAgo: 12 },
  { id: 2, who: 'Rafael Ortega', kind: 'call', customer: 'Solaris Parking', minutesAgo: 47 },
  { id: 3, who: 'Aiko Tanaka', kind: 'meeting', customer: 'Kestrel Retail', minutesAgo: 130 },
  { id: 4, who: 'Samir Haddad', kind: 'email', customer: 'Bright Harbour Hotels', minutesAgo: 245 },
  { id: 5, who: 'Lena Berg', kind: 'call', customer: 'Alpine Transit', minutesAgo: 1_380 },
]

/** A customer and what it bought over the year, in dollars. */
export interface Customer {
  id: number
  name: string
  city: string
  deals: number
  revenue: number
}

export const CUSTOMERS: readonly Customer[] = [
  { id: 1, name: 'Alpine Transit', city: 'Innsbruck', deals: 9, revenue: 184_200 },
  { id: 2, name: 'Nordhafen Logistics', city: 'Hamburg', deals: 14, revenue: 262_750 },
  { id: 3, name: 'Kestrel Retail', city: 'Leeds', deals: 6, revenue: 97_400 },
  { id: 4, name: 'Solaris Parking', city: 'Valencia', deals: 11, revenue: 143_900 },
  { id: 5, name: 'Bright Harbour Hotels', city: 'Surabaya', deals: 7, revenue: 121_300 },
  { id: 6, name: 'Lotus Campus', city: 'Chengdu', deals: 4, revenue: 68_500 },
]

/** The `count` customers that brought the most revenue, most first. */
export const topCustomers = (customers: readonly Customer[], count = 5) => [...customers].sort((a, b) => b.revenue - a.revenue).slice(0, count)

export const DAY_SECONDS = 86_400
/** Days in the sales chart. */
export const SALES_DAYS = 30

/**
 * The last 30 days' made-up sales, a point at each local midnight up to `today`'s: revenue that
 * rises on weekdays and dips at weekends, against a daily target that grows through the month.
 */
export function salesSeries(today: Date) {
  const times: number[] = []
  const revenue: number[] = []
  const target: number[] = []
  for (let back = SALES_DAYS - 1; back >= 0; back--) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back)
    const i = SALES_DAYS - 1 - back
    const weekend = day.getDay() === 0 || day.getDay() === 6
    times.push(day.getTime() / 1000)
    revenue.push(Math.round((weekend ? 18_000 : 38_000) + 9_000 * Math.sin(i / 3) + 400 * i))
    target.push(36_000 + 200 * i)
  }
  return { times, revenue, target }
}
