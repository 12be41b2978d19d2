import { clsx } from 'clsx'
import { useId } from 'react'
import '../../ui/device-texts'
import { useT } from '../../ui/use-t'
import { sparkPath, summarise, type SparkBox, type SparkPoint } from './sparkline-data'
import s from './sparkline.module.css'

const WIDTH = 300
const HEIGHT = 48

export interface SparklineProps {
  label: string
  points: readonly SparkPoint[]
  from: number
  to: number
  gapMs: number
  format: (value: number) => string
  tone?: 'primary' | 'secondary' | 'info'
}

/**
 * A small line of one measure over time, drawn in the theme's colours. Its text alternative, also
 * shown under it, gives the latest, lowest and highest value.
 */
export function Sparkline({ label, points, from, to, gapMs, format, tone = 'primary' }: SparklineProps) {
  const t = useT()
  const id = useId()
  const summary = summarise(points)
  const box: SparkBox = { width: WIDTH, height: HEIGHT, from, to, gapMs }
  const text = summary
    ? t('devices.history.summary', { latest: format(summary.latest), min: format(summary.min), max: format(summary.max) })
    : t('devices.history.none')
  return (
    <figure className={clsx(s.spark, s[tone])}>
      <figcaption className={s.head}>
        <span id={`${id}-label`} className={s.label}>
          {label}
        </span>
        {summary && <span className={s.latest}>{format(summary.latest)}</span>}
      </figcaption>
      <svg
        className={s.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-label ${id}-text`}
        focusable="false"
      >
        <line className={s.base} x1="0" x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} />
        {summary && <path className={s.line} d={sparkPath(points, box)} />}
      </svg>
      <p id={`${id}-text`} className={s.text}>
        {text}
      </p>
    </figure>
  )
}
