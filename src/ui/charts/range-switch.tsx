import { clsx } from 'clsx'
import { METRIC_RANGES, type MetricRange } from '../../contract/metrics'
import { useT } from '../use-t'
import './texts'
import s from './range-switch.module.css'

const RANGES = Object.keys(METRIC_RANGES) as MetricRange[]

/** 1 hour, 24 hours, 7 days: the span every chart of a dashboard shows. */
export function RangeSwitch({ value, onChange }: { value: MetricRange; onChange: (range: MetricRange) => void }) {
  const t = useT()
  return (
    <div className={s.switch} role="group" aria-label={t('dashboards.range.label')}>
      {RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className={clsx(s.option, range === value && s.chosen)}
          aria-pressed={range === value}
          onClick={() => range !== value && onChange(range)}
        >
          {t(`dashboards.range.${range}`)}
        </button>
      ))}
    </div>
  )
}
