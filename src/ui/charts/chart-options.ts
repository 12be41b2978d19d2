import type uPlot from 'uplot'
import type { ChartColours, ChartSeries } from './chart-data'
import { formatTime } from './format'

export interface ChartLook {
  width: number
  height: number
  colours: ChartColours
  /** Right to left: time runs from the right edge, the value axis stands on the right. */
  rtl: boolean
  /** The span the chart covers, in seconds: past two days the time axis names days. */
  spanSeconds: number
  format: (value: number) => string
  /** The legend's name for the time column. */
  timeLabel: string
  /** Counts of whole things: the value axis steps by whole numbers. */
  integer?: boolean
}

const DAY = 86_400
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 1e6, 1e7]

/** The value axis as wide as its longest label (a unit in words may be long in some languages). */
function axisWidth(u: uPlot, values: string[] | null, index: number, cycle: number): number {
  const axis = u.axes[index] as uPlot.Axis & { _size?: number; font?: [string, number] }
  if (cycle > 1 && axis._size) return axis._size
  if (!values?.length || !axis.font) return 50
  u.ctx.font = axis.font[0]
  const widest = Math.max(...values.map((value) => u.ctx.measureText(value).width))
  return Math.ceil(widest / devicePixelRatio) + 20
}

/** Ticks at local midnight name the day; others the time of day. */
function timeTicks(spanSeconds: number) {
  return (_: uPlot, splits: number[]) =>
    splits.map((at) => {
      const date = new Date(at * 1000)
      const midnight = date.getHours() === 0 && date.getMinutes() === 0
      return formatTime(at, spanSeconds > 2 * DAY && midnight ? 'day' : 'clock')
    })
}

/** uPlot's options for `series` over time, in the theme's colours and the page's direction. */
export function chartOptions(series: readonly ChartSeries[], look: ChartLook): uPlot.Options {
  const { colours, rtl, format } = look
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } }
  return {
    width: look.width,
    height: look.height,
    scales: { x: { time: true, dir: rtl ? -1 : 1 } },
    axes: [
      { ...axis, space: 90, values: timeTicks(look.spanSeconds) },
      {
        ...axis,
        side: rtl ? 1 : 3,
        size: axisWidth,
        ...(look.integer ? { incrs: WHOLE_STEPS } : {}),
        values: (_, splits) => splits.map((value) => format(value)),
      },
    ],
    series: [
      { label: look.timeLabel, value: (_, at) => (at == null ? '' : formatTime(at)) },
      ...series.map((one, i) => ({
        label: one.label,
        stroke: colours.series[i],
        width: 2,
        // A step without a reading is a gap in the line, never joined across nor drawn as zero.
        spanGaps: false,
        value: (_: uPlot, value: number | null) => (value == null ? '–' : format(value)),
      })),
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { show: true },
  }
}
