import { clsx } from 'clsx'
import { CAP_KINDS, usageLevel, type Billing } from '../../contract/billing'
import { useT } from '../../ui/use-t'
import s from './billing.module.css'

/** How many of each collection the organization grows it keeps against the plan's cap, a row each. */
export function CapList({ caps }: { caps: Billing['caps'] | undefined }) {
  const t = useT()
  // A billing answer kept from before the caps has none to show.
  if (!caps) return null
  return (
    <>
      <h3 id="billing-caps" className={s.subTitle}>
        {t('billing.capsCaption')}
      </h3>
      <ul className={s.caps} aria-labelledby="billing-caps">
        {CAP_KINDS.filter((kind) => caps[kind]).map((kind) => {
          const { used, limit } = caps[kind]
          const level = usageLevel(used, limit)
          const state = level === 'full' ? t('billing.atLimit') : level === 'warning' ? t('billing.nearLimit') : ''
          return (
            <li key={kind} className={s.capRow}>
              <span>{t(`billing.cap.${kind}`)}</span>
              <span className={clsx(s.capValue, s[level])}>
                {t('billing.usageOf', { used: used.toLocaleString('en'), limit: limit.toLocaleString('en') })}
                {state && ` · ${state}`}
              </span>
            </li>
          )
        })}
      </ul>
    </>
  )
}
