import { clsx } from 'clsx'
import { useEffect, useId, useState, type FocusEvent } from 'react'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { autoplay, nextIndex, previousIndex, realTimers, type Timers } from './autoplay'
import { useReducedMotion } from './motion'
import s from './carousel.module.css'

/** The slides: tips for running a fleet of edge devices, each on a gradient of its own. */
export const SLIDES = ['rollout', 'labels', 'latency', 'spares'] as const

/**
 * A carousel of tips that moves on every 5 s. It holds still while the pointer is over it or
 * focus is in it, once stopped, and for a visitor who asked for less motion; while it holds
 * still, a screen reader hears each slide it moves to.
 */
export function Carousel({ timers = realTimers }: { timers?: Timers }) {
  const t = useT()
  const id = useId()
  const reduced = useReducedMotion()
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const playing = !(hovered || focused || stopped || reduced)
  const count = SLIDES.length
  // Restarted on every move, so a slide picked by hand gets its full 5 s too.
  useEffect(() => (playing ? autoplay(() => setIndex((i) => nextIndex(i, count)), timers) : undefined), [playing, index, count, timers])
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }
  return (
    <section
      className={clsx(card.card, s.carousel)}
      aria-roledescription={t('demo-widgets.carousel.carousel')}
      aria-labelledby={id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      <div className={s.head}>
        <h2 id={id} className={card.cardTitle}>
          {t('demo-widgets.carousel.title')}
        </h2>
        {!reduced && (
          <button type="button" className={s.text} onClick={() => setStopped(!stopped)}>
            {t(stopped ? 'demo-widgets.carousel.start' : 'demo-widgets.carousel.stop')}
          </button>
        )}
      </div>
      <div id={`${id}-slides`} className={s.slides} aria-live={playing ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide}
            role="group"
            aria-roledescription={t('demo-widgets.carousel.slide')}
            aria-label={t('demo-widgets.carousel.slideOf', { n: i + 1, count })}
            className={clsx(s.slide, s[slide])}
            hidden={i !== index}
          >
            <h3 className={s.slideTitle}>{t(`demo-widgets.carousel.${slide}.title`)}</h3>
            <p className={s.slideText}>{t(`demo-widgets.carousel.${slide}.text`)}</p>
          </div>
        ))}
      </div>
      <div className={s.controls}>
        <button type="button" className={s.arrow} aria-controls={`${id}-slides`} aria-label={t('demo-widgets.carousel.previous')} onClick={() => setIndex(previousIndex(index, count))}>
          <Icon name="chevron-start" size={18} />
        </button>
        <div className={s.dots}>
          {SLIDES.map((slide, i) => (
            <button
              key={slide}
              type="button"
              className={clsx(s.dot, i === index && s.current)}
              aria-controls={`${id}-slides`}
              aria-label={t('demo-widgets.carousel.goTo', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
        <button type="button" className={s.arrow} aria-controls={`${id}-slides`} aria-label={t('demo-widgets.carousel.next')} onClick={() => setIndex(nextIndex(index, count))}>
          <Icon name="chevron-end" size={18} />
        </button>
      </div>
    </section>
  )
}
