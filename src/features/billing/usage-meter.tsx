import { clsx } from 'clsx'
import { useId } from 'react'
import { type UsageBar } from '../../contract/billing'
import { formatBytes } from '../../ui/numbers'
import { useT } from '../../ui/use-t'
import s from './billing.module.css'

/** A count as the bar says it: bytes in units, everything else as a number. */
export const usageAmount = (key: UsageBar['key'], value: number) => (key === 'traffic_bytes' ? formatBytes(value) : value.toLocaleString('en'))

const isolate = (text: string) => `\u2068${text}\u2069`

/** One limit of the plan as a meter: the used share as a bar, and in words, warning near the limit. */
export function UsageMeter({ bar }: { bar: UsageBar }) {
  const t = useT()
  const id = useId()
  const words = t('billing.usageOf', { used: usageAmount(bar.key, bar.used), limit: usageAmount(bar.key, bar.limit) })
  // Isolated, so '6.1 GB' keeps its order inside right-to-left text.
  const shown = t('billing.usageOf', { used: isolate(usageAmount(bar.key, bar.used)), limit: isolate(usageAmount(bar.key, bar.limit)) })
  const state = bar.level === 'full' ? t('billing.atLimit') : bar.level === 'warning' ? t('billing.nearLimit') : ''
  return (
    <div className={s.meterRow}>
      <div className={s.meterHead}>
        <span id={id} className={s.meterLabel}>
          {t(`billing.usage.${bar.key}`)}
        </span>
        <span className={s.meterWords}>
          {shown}
          {state && <span className={clsx(s.meterState, s[bar.level])}> · {state}</span>}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={bar.limit}
        aria-valuenow={Math.min(bar.used, bar.limit)}
        aria-valuetext={state ? `${words}, ${state}` : words}
        className={clsx(s.meter, s[bar.level])}
      >
        <span className={s.fill} style={{ inlineSize: `${bar.percent}%` }} />
      </div>
    </div>
  )
}
