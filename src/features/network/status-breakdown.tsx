import type { NetworkMetrics } from '../../contract/metrics'
import { formatNumber, formatShare } from '../../ui/charts/format'
import '../../ui/device-texts'
import { useT } from '../../ui/use-t'
import { statusSlices } from './network-data'
import s from './status-breakdown.module.css'

// A circle of circumference 100: dash lengths are hundredths of the ring.
const R = 15.9155

/** The fleet by status now: a ring of our own in the badge colours, and the numbers in words. */
export function StatusBreakdown({ status }: { status: NetworkMetrics['status'] }) {
  const t = useT()
  const { total, slices } = statusSlices(status)
  return (
    <div className={s.breakdown}>
      <svg className={s.ring} viewBox="0 0 42 42" aria-hidden="true" focusable="false">
        <circle className={s.track} cx="21" cy="21" r={R} />
        {slices
          .filter((slice) => slice.length > 0)
          .map((slice) => (
            <circle
              key={slice.status}
              className={s[slice.status]}
              cx="21"
              cy="21"
              r={R}
              strokeDasharray={`${slice.length} ${100 - slice.length}`}
              strokeDashoffset={25 - slice.start}
            />
          ))}
        <text className={s.total} x="21" y="21">
          {formatNumber(total, 0)}
        </text>
      </svg>
      <div className={s.numbers}>
        <p className={s.sum}>{t('dashboards.network.total', { n: formatNumber(total, 0) })}</p>
        <ul className={s.legend}>
          {slices.map((slice) => (
            <li key={slice.status} className={s.item}>
              <span className={`${s.swatch} ${s[`${slice.status}Swatch`]}`} aria-hidden="true" />
              {t('dashboards.network.statusLine', {
                status: t(`devices.status.${slice.status}`),
                n: formatNumber(slice.count, 0),
                share: formatShare(slice.count, total),
              })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
