import { OVERAGE_CENTS_PER_GB, formatMoney, planOf, usageBars, type Billing } from '../../contract/billing'
import { formatBytes } from '../../ui/numbers'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { CapList } from './cap-list'
import { UsageMeter } from './usage-meter'
import s from './billing.module.css'

/** The organization's plan, its price, a meter per limit and a row per cap; the plan changes from here. */
export function PlanCard({ billing, onChange }: { billing: Billing; onChange: () => void }) {
  const t = useT()
  const plan = planOf(billing.plan)
  return (
    <section className={s.card} aria-labelledby="billing-plan">
      <div className={s.cardHead}>
        <div>
          <h2 id="billing-plan" className={s.cardTitle}>
            {t('billing.planCard')}: {t(`billing.planName.${plan.name}`)}
          </h2>
          <p className={s.muted}>{t('billing.perMonth', { price: formatMoney(plan.price_cents) })}</p>
          <p className={s.muted}>{t('billing.overageRate', { traffic: formatBytes(plan.limits.traffic_bytes), price: formatMoney(OVERAGE_CENTS_PER_GB) })}</p>
        </div>
        <Button variant="secondary" onClick={onChange}>
          {t('billing.changePlan')}
        </Button>
      </div>
      <h3 className={s.subTitle}>{t('billing.usageCaption')}</h3>
      {usageBars(billing.usage, billing.limits).map((bar) => (
        <UsageMeter key={bar.key} bar={bar} />
      ))}
      <p className={s.note}>{t('billing.trafficNote')}</p>
      <CapList caps={billing.caps} />
    </section>
  )
}
