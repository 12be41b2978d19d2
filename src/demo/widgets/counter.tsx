import { clsx } from 'clsx'
import { useEffect, useId, useState } from 'react'
import card from '../../ui/card.module.css'
import { animateCount, browserFrames, type FrameClock } from './count-up'
import { useReducedMotion } from './motion'
import s from './counter.module.css'

export interface CounterProps {
  value: number
  /** Places after the point the count runs in (a percentage of 17.9 takes 1). */
  decimals?: number
  format: (value: number) => string
  clock?: FrameClock
}

/**
 * A number that counts up from 0 to its value over 3 s, or shows it at once to a visitor who
 * asked for less motion. Assistive tech reads the final number only, never the frames.
 */
export function Counter({ value, decimals = 0, format, clock = browserFrames }: CounterProps) {
  const reduced = useReducedMotion()
  const [shown, setShown] = useState(0)
  useEffect(() => (reduced ? undefined : animateCount(value, setShown, decimals, clock)), [value, decimals, reduced, clock])
  return (
    <>
      <span aria-hidden="true" data-counter="">
        {format(reduced ? value : shown)}
      </span>
      <span className="visually-hidden">{format(value)}</span>
    </>
  )
}

/** A tile of one counted figure under its label. */
export function CounterTile({ label, className, ...counter }: CounterProps & { label: string; className?: string }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className={clsx(card.card, s.tile, className)}>
      <h3 id={id} className={s.label}>
        {label}
      </h3>
      <p className={s.value}>
        <Counter {...counter} />
      </p>
    </div>
  )
}
