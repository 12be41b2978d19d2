import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import uPlot from 'uplot'
import './uplot.css'
import { loadScreenStyles } from '../../lib/screen-styles'
import { $locale } from '../../stores/locale'
import { $ui } from '../../stores/ui'
import { Age } from '../age'
import { useT } from '../use-t'
import { alignedData, readColours, type ChartSeries } from './chart-data'
import { chartOptions } from './chart-options'
import { ChartText } from './chart-text'
import './texts'
import s from './time-chart.module.css'

const HEIGHT = 220

export interface TimeChartProps {
  title: string
  /** Unix seconds, oldest first. */
  times: readonly number[]
  series: readonly ChartSeries[]
  stepSeconds: number
  spanSeconds: number
  format: (value: number) => string
  /** When the server read the data, ISO. */
  generatedAt: string
  /** The values count whole things (devices): the axis shows no fractions. */
  integer?: boolean
}

/**
 * Series over time drawn by uPlot in the theme's colours and the page's direction. The plot is
 * made once per look (palette, mode, direction, language) and fed new data with `setData`; it
 * follows its container's width. A caption for screen readers and a table view tell the same.
 */
export function TimeChart(props: TimeChartProps) {
  const { title, times, series, format, generatedAt } = props
  const t = useT()
  const id = useId()
  const host = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | undefined>(undefined)
  const { theme, type, direction } = useStore($ui)
  const locale = useStore($locale)
  const [table, setTable] = useState(false)
  const data = alignedData(times, series)
  const latest = useRef({ data, props })
  latest.current = { data, props }
  const look = [theme, type, direction, locale, props.spanSeconds, props.integer, ...series.map((one) => `${one.label}:${one.tone}`)].join('|')

  useEffect(() => {
    const element = host.current
    if (!element) return
    let cancelled = false
    let made: uPlot | undefined
    // A palette other than the default arrives with its sheet: read the colours once it is in.
    void (theme === 'grey' ? Promise.resolve() : loadScreenStyles('palettes')).then(() => {
      if (cancelled) return
      const { data: now, props: current } = latest.current
      const options = chartOptions(current.series, {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        colours: readColours(current.series.map((one) => one.tone)),
        rtl: direction === 'rtl',
        spanSeconds: current.spanSeconds,
        format: current.format,
        timeLabel: t('dashboards.chart.time'),
        integer: current.integer,
      })
      try {
        made = new uPlot(options, now as uPlot.AlignedData, element)
        plot.current = made
      } catch {
        // Without a canvas (an old or headless browser) the caption and table still tell the data.
      }
    })
    const fit = () => made?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT })
    // Firefox before 69 has no ResizeObserver: there the window's width stands for the card's.
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit)
    if (resize) resize.observe(element)
    else window.addEventListener('resize', fit)
    return () => {
      cancelled = true
      resize?.disconnect()
      window.removeEventListener('resize', fit)
      made?.destroy()
      if (plot.current === made) plot.current = undefined
    }
    // `look` stands for everything the options are made from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [look])

  const dataKey = JSON.stringify(data)
  useEffect(() => {
    plot.current?.setData(latest.current.data as uPlot.AlignedData)
  }, [dataKey])

  return (
    <figure className={s.chart} aria-labelledby={`${id}-title`}>
      <div className={s.head}>
        <h3 id={`${id}-title`} className={s.title}>
          {title}
        </h3>
        <span className={s.age}>
          {t('dashboards.chart.dataAge')} <Age at={generatedAt} />
        </span>
      </div>
      <div ref={host} className={s.plot} aria-hidden="true" />
      <button type="button" className={s.toggle} aria-expanded={table} aria-controls={`${id}-table`} onClick={() => setTable(!table)}>
        {t(table ? 'dashboards.chart.hideTable' : 'dashboards.chart.showTable')}
      </button>
      <ChartText id={`${id}-table`} title={title} times={times} series={series} format={format} stepSeconds={props.stepSeconds} table={table} />
    </figure>
  )
}
