import { clsx } from 'clsx'
import { Link } from 'wouter'
import { buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import s from './pricing-section.module.css'
import { Section } from './section'

const PLANS = [
  { key: 'free', monthly: true, featured: false },
  { key: 'team', monthly: true, featured: true },
  { key: 'fleet', monthly: false, featured: false },
] as const

/** The plans of the billing screen, with their limits. */
export function PricingSection() {
  const t = useT()
  return (
    <Section id="pricing" title={t('landing.pricing.title')} intro={t('landing.pricing.intro')}>
      <ul role="list" className={s.grid}>
        {PLANS.map(({ key, monthly, featured }) => {
          const name = t(`landing.pricing.${key}.name`)
          return (
            <li key={key} className={clsx(s.plan, featured && s.featured)}>
              <h3 id={`plan-${key}`} className={s.name}>
                {name}
              </h3>
              <p className={s.price}>
                <span className={s.amount}>{t(`landing.pricing.${key}.price`)}</span>
                {monthly && <span className={s.per}>{t('landing.pricing.perMonth')}</span>}
              </p>
              <ul className={s.limits}>
                {t(`landing.pricing.${key}.limits`)
                  .split('\n')
                  .map((limit) => (
                    <li key={limit}>{limit}</li>
                  ))}
              </ul>
              {monthly ? (
                <Link href="/register" className={buttonClass(featured ? 'primary' : 'secondary', true)}>
                  {t('landing.pricing.choose', { plan: name })}
                </Link>
              ) : (
                <a href="#contact" className={buttonClass('secondary', true)}>
                  {t('landing.pricing.talk')}
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
