import { useT } from '../../ui/use-t'
import { RATING_MAX } from '../shop/products'
import s from './products-screen.module.css'
import './texts'

/** A rating as stars out of `RATING_MAX`, read out as words ('4 out of 5'). */
export function Rating({ value }: { value: number }) {
  const t = useT()
  return (
    <span role="img" className={s.rating} aria-label={t('demo-products.rating', { n: value, max: RATING_MAX })}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg key={index} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className={index < value ? s.star : s.starOff}>
          <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8 6.6 19.7l1.1-6.1-4.5-4.2 6.1-.8z" />
        </svg>
      ))}
    </span>
  )
}
