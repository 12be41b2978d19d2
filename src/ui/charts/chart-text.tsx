import { useT } from '../use-t'
import { latestValues, tableRows, type ChartSeries } from './chart-data'
import { formatNumber, formatTime } from './format'
import s from './time-chart.module.css'

export interface ChartTextProps {
  id: string
  title: string
  times: readonly number[]
  series: readonly ChartSeries[]
  stepSeconds: number
  format: (value: number) => string
  /** Shows every point as a table. */
  table: boolean
}

/** `5 min`, `1 h`: how far apart the points are. */
export function stepText(t: (key: string, params?: Record<string, unknown>) => string, seconds: number): string {
  return seconds % 3600 === 0
    ? t('dashboards.chart.hours', { n: formatNumber(seconds / 3600) })
    : t('dashboards.chart.minutes', { n: formatNumber(seconds / 60) })
}

/**
 * A chart told in words: a caption for screen readers with how many points it has and each
 * series' latest value, and on request a table of every point, newest first.
 */
export function ChartText({ id, title, times, series, stepSeconds, format, table }: ChartTextProps) {
  const t = useT()
  const latest = latestValues(times, series)
  const measured = latest.filter((one) => one.value !== null)
  const newest = Math.max(...measured.map((one) => one.at ?? 0))
  const value = (n: number | null) => (n === null ? t('dashboards.chart.noValue') : format(n))
  const caption = [
    times.length
      ? t('dashboards.chart.points', {
          n: formatNumber(times.length),
          from: formatTime(times[0]!),
          to: formatTime(times[times.length - 1]!),
          step: stepText(t, stepSeconds),
        })
      : '',
    measured.length
      ? t('dashboards.chart.latest', { at: formatTime(newest), values: latest.map((one) => `${one.label} ${value(one.value)}`).join(t('dashboards.chart.separator')) })
      : t('dashboards.chart.empty'),
  ]
  return (
    <>
      <figcaption className="visually-hidden" data-chart-caption="">
        {caption.filter(Boolean).join(' ')}
      </figcaption>
      {!measured.length && (
        <p className={s.empty} aria-hidden="true">
          {t('dashboards.chart.empty')}
        </p>
      )}
      {table && (
        <div id={id} className={s.tableBox} role="region" aria-label={title} tabIndex={0}>
          <table className={s.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboards.chart.time')}</th>
                {series.map((one) => (
                  <th key={one.label} scope="col">
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tableRows(times, series).map((row) => (
                <tr key={row.at}>
                  <th scope="row">
                    <time dateTime={new Date(row.at * 1000).toISOString()}>{formatTime(row.at)}</time>
                  </th>
                  {row.values.map((n, i) => (
                    <td key={i}>{n === null ? '–' : format(n)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
