import { clsx } from 'clsx'
import { Link } from 'wouter'
import { CAP_KINDS, OVERAGE_CENTS_PER_GB, PLANS, formatMoney, formatPrice, type Plan } from '../../contract/plans'
import { formatBytes } from '../../ui/numbers'
import { buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import s from './pricing-section.module.css'
import { Section } from './section'

const FEATURED = 'team'
const count = (n: number) => n.toLocaleString('en')

/** One plan as the server enforces it: its price, limits, traffic past them and caps. */
function PlanCard({ plan }: { plan: Plan }) {
  const t = useT()
  const name = t(`landing.pricing.planName.${plan.name}`)
  const featured = plan.name === FEATURED
  return (
    <li className={clsx(s.plan, featured && s.featured)} data-plan={plan.name}>
      <h3 id={`plan-${plan.name}`} className={s.name}>
        {name}
      </h3>
      <p className={s.price}>
        <span className={s.amount}>{formatPrice(plan.price_cents)}</span>
        <span className={s.per}>{t('landing.pricing.perMonth')}</span>
      </p>
      <ul className={s.limits}>
        <li>{t('landing.pricing.devices', { n: count(plan.limits.devices) })}</li>
        <li>{t('landing.pricing.tunnels', { n: count(plan.limits.tunnels) })}</li>
        <li>{t('landing.pricing.traffic', { traffic: formatBytes(plan.limits.traffic_bytes), price: formatMoney(OVERAGE_CENTS_PER_GB) })}</li>
      </ul>
      <details className={s.caps}>
        <summary>{t('landing.pricing.capsTitle')}</summary>
        <ul>
          {CAP_KINDS.map((kind) => (
            <li key={kind}>{t(`landing.pricing.cap.${kind}`, { n: count(plan.caps[kind]) })}</li>
          ))}
        </ul>
      </details>
      <Link href="/register" className={buttonClass(featured ? 'primary' : 'secondary', true)}>
        {t('landing.pricing.choose', { plan: name })}
      </Link>
    </li>
  )
}

/** The plans the server enforces and the billing screen offers, drawn from the same contract data. */
export function PricingSection() {
  const t = useT()
  const largest = PLANS[PLANS.length - 1] as Plan
  return (
    <Section id="pricing" title={t('landing.pricing.title')} intro={t('landing.pricing.intro')}>
      <ul role="list" className={s.grid}>
        {PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </ul>
      <p className={s.more}>
        {t('landing.pricing.more', { plan: t(`landing.pricing.planName.${largest.name}`) })}{' '}
        <a href="#contact">{t('landing.pricing.talk')}</a>
      </p>
    </Section>
  )
}
