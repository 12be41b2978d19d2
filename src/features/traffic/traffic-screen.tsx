import { METRIC_RANGES } from '../../contract/metrics'
import { messageText } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import { formatBytes } from '../../ui/charts/format'
import { RangeSwitch } from '../../ui/charts/range-switch'
import { TimeChart } from '../../ui/charts/time-chart'
import { useMetrics } from '../../ui/charts/use-metrics'
import { LiveStatus } from '../../ui/list/live-status'
import { Spinner } from '../../ui/spinner'
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
  const { range, metrics, setRange, reload } = useMetrics(trafficMetrics)
  const data = metrics.data
  const totals = data && trafficTotals(data)
  return (
    <section className={s.screen} aria-label={t('dashboards.traffic.caption')} aria-busy={metrics.status === 'loading'}>
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
      {data && totals && (
        <div className={s.grid}>
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
          <section className={s.card} aria-labelledby="traffic-top">
            <div className={s.cardHead}>
              <h3 id="traffic-top" className={s.cardTitle}>
                {t('dashboards.traffic.top')}
              </h3>
              <span className={s.muted}>
                {t('dashboards.chart.dataAge')} <Age at={data.generated_at} />
              </span>
            </div>
            <p className={s.muted}>{t('dashboards.traffic.totals', { in: formatBytes(totals.in), out: formatBytes(totals.out) })}</p>
            <TopDevices rows={topRows(data)} />
          </section>
        </div>
      )}
    </section>
  )
}
