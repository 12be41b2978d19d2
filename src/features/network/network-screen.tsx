import { METRIC_RANGES } from '../../contract/metrics'
import { Dashboard, DashboardCard } from '../../ui/charts/dashboard'
import { formatNumber } from '../../ui/charts/format'
import { TimeChart } from '../../ui/charts/time-chart'
import { useMetrics } from '../../ui/charts/use-metrics'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import '../../ui/charts/texts'
import { networkMetrics } from './network-api'
import { networkSeries } from './network-data'
import { StatusBreakdown } from './status-breakdown'
import s from './network-screen.module.css'

/** The fleet's health: devices by status now, devices online and latency over the chosen range. */
export default function NetworkScreen() {
  const t = useT()
  const { range, metrics, setRange, reload } = useMetrics(networkMetrics, 'network')
  const data = metrics.data
  const ms = (n: number) => t('dashboards.network.ms', { n: formatNumber(n) })
  const series = data && networkSeries(data, { online: t('dashboards.network.onlineSeries'), p50: t('dashboards.network.p50'), p95: t('dashboards.network.p95') })
  const common = data && { times: data.times, stepSeconds: data.step_seconds, spanSeconds: METRIC_RANGES[data.range].seconds, generatedAt: data.generated_at }
  const count = (n: number) => formatNumber(n, 0)
  return (
    <Dashboard label={t('dashboards.network.caption')} range={range} setRange={setRange} metrics={metrics} reload={reload}>
      {data && series && common && (
        <>
          <DashboardCard id="network-status" title={t('dashboards.network.status')} generatedAt={data.generated_at}>
            <StatusBreakdown status={data.status} />
          </DashboardCard>
          <TimeChart title={t('dashboards.network.online')} series={series.online} format={count} integer {...common} />
          {/* Latency, the widest story, takes a row of its own. */}
          <div className={s.wide}>
            <TimeChart title={t('dashboards.network.latency')} series={series.latency} format={ms} {...common} />
          </div>
        </>
      )}
    </Dashboard>
  )
}
