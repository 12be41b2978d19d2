import { METRIC_RANGES } from '../../contract/metrics'
import { Dashboard, DashboardCard } from '../../ui/charts/dashboard'
import { formatBytes } from '../../ui/charts/format'
import { TimeChart } from '../../ui/charts/time-chart'
import { useMetrics } from '../../ui/charts/use-metrics'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import '../../ui/charts/texts'
import { TopDevices } from './top-devices'
import { trafficMetrics } from './traffic-api'
import { topRows, trafficSeries, trafficTotals } from './traffic-data'
import s from './traffic-screen.module.css'

/** The fleet's traffic: bytes in and out over the chosen range, and the ten busiest devices. */
export default function TrafficScreen() {
  const t = useT()
  const { range, metrics, setRange, reload } = useMetrics(trafficMetrics, 'traffic')
  const data = metrics.data
  const totals = data && trafficTotals(data)
  return (
    <Dashboard label={t('dashboards.traffic.caption')} range={range} setRange={setRange} metrics={metrics} reload={reload}>
      {data && totals && (
        <>
          <div className={s.wide}>
            <TimeChart
              title={t('dashboards.traffic.bytes')}
              times={data.times}
              series={trafficSeries(data, { in: t('dashboards.traffic.in'), out: t('dashboards.traffic.out') })}
              stepSeconds={data.step_seconds}
              spanSeconds={METRIC_RANGES[data.range].seconds}
              generatedAt={data.generated_at}
              format={formatBytes}
            />
          </div>
          <DashboardCard id="traffic-top" title={t('dashboards.traffic.top')} generatedAt={data.generated_at}>
            <p className={s.muted}>{t('dashboards.traffic.totals', { in: formatBytes(totals.in), out: formatBytes(totals.out) })}</p>
            <TopDevices rows={topRows(data)} />
          </DashboardCard>
        </>
      )}
    </Dashboard>
  )
}
