/** The points of a polyline that fits `values` into `width` x `height`, the highest at the top. */
export function sparkPoints(values: readonly number[], width: number, height: number): string {
  if (!values.length) return ''
  const low = Math.min(...values)
  const span = Math.max(...values) - low || 1
  const step = values.length > 1 ? width / (values.length - 1) : 0
  return values.map((value, i) => `${round(i * step)},${round(height - ((value - low) / span) * height)}`).join(' ')
}

const round = (n: number) => Math.round(n * 10) / 10

const WIDTH = 120
const HEIGHT = 36

/**
 * A price's day as a small line, in the colour of its direction. It is decoration: the card
 * says the price and the change in words beside it.
 */
export function Sparkline({ values, className }: { values: readonly number[]; className?: string }) {
  return (
    <svg className={className} viewBox={`-1 -1 ${WIDTH + 2} ${HEIGHT + 2}`} width={WIDTH} height={HEIGHT} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <polyline points={sparkPoints(values, WIDTH, HEIGHT)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  )
}
