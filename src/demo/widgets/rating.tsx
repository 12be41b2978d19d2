import { clsx } from 'clsx'
import { useId, useState } from 'react'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import s from './widgets-screen.module.css'

/** A rating counts up to 5 stars. */
export const RATING_MAX = 5

const STAR = 'M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21.1l1.4-7L2 9.3l7-.8z'

/** A rating of up to 5 stars: a radio group, so arrows move between the stars as in any radio group. */
export function Rating() {
  const t = useT()
  const id = useId()
  const [value, setValue] = useState(0)
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-widgets.rating.title')}
      </h2>
      <fieldset className={s.stars}>
        <legend className="visually-hidden">{t('demo-widgets.rating.legend')}</legend>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
          <label key={n} className={clsx(s.star, n <= value && s.lit)}>
            <input type="radio" name={`${id}-rating`} className="visually-hidden" checked={n === value} onChange={() => setValue(n)} />
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="visually-hidden">{t('demo-widgets.rating.stars', { n, max: RATING_MAX })}</span>
          </label>
        ))}
      </fieldset>
      <p className={card.muted}>{value ? t('demo-widgets.rating.rated', { n: value, max: RATING_MAX }) : t('demo-widgets.rating.none')}</p>
    </section>
  )
}
