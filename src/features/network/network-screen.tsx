import { METRIC_RANGES } from '../../contract/metrics'
import { messageText } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { formatNumber } from '../../ui/charts/format'
import { RangeSwitch } from '../../ui/charts/range-switch'
import { TimeChart } from '../../ui/charts/time-chart'
import { useMetrics } from '../../ui/charts/use-metrics'
import { LiveStatus } from '../../ui/list/live-status'
import { Age } from '../../ui/age'
import { Spinner } from '../../ui/spinner'
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
  const { range, metrics, setRange, reload } = useMetrics(networkMetrics)
  const data = metrics.data
  const ms = (n: number) => t('dashboards.network.ms', { n: formatNumber(n) })
  const series = data && networkSeries(data, { online: t('dashboards.network.onlineSeries'), p50: t('dashboards.network.p50'), p95: t('dashboards.network.p95') })
  const common = data && { times: data.times, stepSeconds: data.step_seconds, spanSeconds: METRIC_RANGES[data.range].seconds, generatedAt: data.generated_at }
  const count = (n: number) => formatNumber(n, 0)
  return (
    <section className={s.screen} aria-label={t('dashboards.network.caption')} aria-busy={metrics.status === 'loading'}>
      <div className={s.toolbar}>
        <RangeSwitch value={range} onChange={setRange} />
        <LiveStatus loadedAt={metrics.loadedAt} />
      </div>
      {metrics.status === 'error' && (
        <div className={s.problem} role="alert">
          <p>{messageText(metrics.message)}</p>
          <Button variant="secondary" onClick={reload}>
            {t('dashboards.retry')}
          </Button>
        </div>
      )}
      {!data && metrics.status === 'loading' && <Spinner label={t('dashboards.loading')} className={s.loading} />}
      {data && series && common && (
        <div className={s.grid}>
          <section className={s.card} aria-labelledby="network-status">
            <div className={s.cardHead}>
              <h3 id="network-status" className={s.cardTitle}>
                {t('dashboards.network.status')}
              </h3>
              <span className={s.age}>
                {t('dashboards.chart.dataAge')} <Age at={data.generated_at} />
              </span>
            </div>
            <StatusBreakdown status={data.status} />
          </section>
          <TimeChart title={t('dashboards.network.online')} series={series.online} format={count} integer {...common} />
          <TimeChart title={t('dashboards.network.latency')} series={series.latency} format={ms} {...common} />
        </div>
      )}
    </section>
  )
}
