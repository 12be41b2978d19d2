import type { ReactNode } from 'react'
import type { MetricRange } from '../../contract/metrics'
import { messageText } from '../../lib/i18n'
import { Age } from '../age'
import { Button } from '../button'
import { LiveStatus } from '../live-status'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import { RangeSwitch } from './range-switch'
import type { Metrics } from './use-metrics'
import s from './dashboard.module.css'

export interface DashboardProps {
  label: string
  range: MetricRange
  setRange(range: MetricRange): void
  metrics: Metrics<unknown>
  reload(): void
  /** The charts, once there is data. */
  children: ReactNode
}

/** A dashboard's frame: the range switch and live state, then the error with a retry, the spinner, or the charts. */
export function Dashboard({ label, range, setRange, metrics, reload, children }: DashboardProps) {
  const t = useT()
  return (
    <section className={s.screen} aria-label={label} aria-busy={metrics.status === 'loading'}>
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
      {!metrics.data && metrics.status === 'loading' && <Spinner label={t('dashboards.loading')} className={s.loading} />}
      {metrics.data ? <div className={s.grid}>{children}</div> : null}
    </section>
  )
}

/** A card of the dashboard that is no time chart: its title, the age of its data, its content. */
export function DashboardCard({ id, title, generatedAt, children }: { id: string; title: string; generatedAt: string; children: ReactNode }) {
  const t = useT()
  return (
    <section className={s.card} aria-labelledby={id}>
      <div className={s.cardHead}>
        <h3 id={id} className={s.cardTitle}>
          {title}
        </h3>
        <span className={s.muted}>
          {t('dashboards.chart.dataAge')} <Age at={generatedAt} />
        </span>
      </div>
      {children}
    </section>
  )
}
