import { useStore } from '@nanostores/react'
import { useMemo, useState } from 'react'
import { $locale } from '../../stores/locale'
import '../../ui/charts/texts'
import { TimeChart } from '../../ui/charts/time-chart'
import { useT } from '../../ui/use-t'
import { CURRENCY } from '../crypto/trade'
import { CounterTile } from '../widgets/counter'
import { ACTIVITIES, CUSTOMERS, DAY_SECONDS, KPIS, PIPELINE, SALES_DAYS, salesSeries } from './crm'
import { Activities, Pipeline, TopCustomers } from './crm-parts'
import { SampleData } from '../sample-data'
import './texts'
import s from './crm-dashboard.module.css'

/** The CRM dashboard: the quarter's KPIs counted up, sales over 30 days, the pipeline, the latest activities and the top customers. */
export default function CrmDashboardScreen() {
  const t = useT()
  const locale = useStore($locale)
  // The dashboard's moment, fixed as it opens: the chart's last day and the activities' ages count from it.
  const [now] = useState(() => new Date())
  const formats = useMemo(() => {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 })
    const compact = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, notation: 'compact', maximumFractionDigits: 1 })
    const count = new Intl.NumberFormat(locale)
    const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
    return { money: money.format, compact: compact.format, count: count.format, percent: (n: number) => percent.format(n / 100) }
  }, [locale])
  const sales = useMemo(() => salesSeries(now), [now])
  const kpiFormat = { leads: formats.count, deals: formats.count, revenue: formats.money, conversion: formats.percent }
  return (
    <div className={s.page}>
      <SampleData />
      <p className={s.intro}>{t('demo-crm-dashboard.intro')}</p>
      <section aria-label={t('demo-crm-dashboard.kpis')} className={s.kpis}>
        {KPIS.map((kpi) => (
          <CounterTile key={kpi.key} label={t(`demo-crm-dashboard.kpi.${kpi.key}`)} value={kpi.value} decimals={kpi.decimals} format={kpiFormat[kpi.key]} />
        ))}
      </section>
      <div className={s.grid}>
        <div className={s.wide}>
          <TimeChart
            title={t('demo-crm-dashboard.sales.title')}
            times={sales.times}
            series={[
              { label: t('demo-crm-dashboard.sales.revenue'), values: sales.revenue, tone: 'primary' },
              { label: t('demo-crm-dashboard.sales.target'), values: sales.target, tone: 'secondary' },
            ]}
            stepSeconds={DAY_SECONDS}
            spanSeconds={SALES_DAYS * DAY_SECONDS}
            format={formats.compact}
            generatedAt={now.toISOString()}
          />
        </div>
        <Pipeline stages={PIPELINE} money={formats.money} count={formats.count} />
        <Activities activities={ACTIVITIES} now={now.getTime()} />
        <div className={s.wide}>
          <TopCustomers customers={CUSTOMERS} money={formats.money} count={formats.count} />
        </div>
      </div>
    </div>
  )
}
