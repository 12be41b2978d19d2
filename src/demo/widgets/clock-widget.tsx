import { useStore } from '@nanostores/react'
import { useEffect, useId, useMemo, useState } from 'react'
import { $locale } from '../../stores/locale'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { CLOCK_TICK_MS, handAngles } from './clock'
import s from './widgets-screen.module.css'

const systemNow = () => new Date()
const MARKS = Array.from({ length: 12 }, (_, i) => i * 30)

/** An analog clock face with the time in digits under it, ticking every second while it is shown. */
export function ClockWidget({ now = systemNow }: { now?: () => Date }) {
  const t = useT()
  const id = useId()
  const locale = useStore($locale)
  const [at, setAt] = useState(now)
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), CLOCK_TICK_MS)
    return () => clearInterval(timer)
  }, [now])
  const digits = useMemo(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }), [locale])
  const hands = handAngles(at)
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-widgets.clock.title')}
      </h2>
      {/* A clock face reads clockwise in every language: it is never mirrored. */}
      <svg className={s.face} viewBox="-50 -50 100 100" aria-hidden="true" focusable="false">
        <circle r="48" className={s.dial} />
        {MARKS.map((angle) => (
          <line key={angle} y1="-44" y2={angle % 90 ? -40 : -36} transform={`rotate(${angle})`} className={s.mark} />
        ))}
        <line y2="-24" transform={`rotate(${hands.hour})`} className={s.hourHand} />
        <line y2="-36" transform={`rotate(${hands.minute})`} className={s.minuteHand} />
        <line y1="6" y2="-40" transform={`rotate(${hands.second})`} className={s.secondHand} />
        <circle r="2.5" className={s.pin} />
      </svg>
      <p className={s.digits}>
        <time dateTime={at.toISOString()}>{digits.format(at)}</time>
      </p>
    </section>
  )
}
