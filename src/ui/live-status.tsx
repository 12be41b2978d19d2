import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { $live, live } from '../stores/live'
import { Age } from './age'
import { useT } from './use-t'
import s from './live-status.module.css'

/**
 * Whether the screen is live, and how old what it shows is: "Live · updated 12 s ago", or
 * "Reconnecting…" with a way to try at once.
 */
export function LiveStatus({ loadedAt }: { loadedAt: number | null }) {
  const t = useT()
  const { state, lastEventAt } = useStore($live)
  const newest = Math.max(loadedAt ?? 0, lastEventAt ?? 0)
  return (
    <p className={s.liveStatus}>
      <span className={clsx(s.liveDot, s[state])} aria-hidden="true" />
      {/* The state is announced when it changes; the ticking age is not. */}
      <span role="status">{t(`live.${state}`)}</span>
      {newest > 0 && (
        <span className={s.liveAge}>
          {t('live.updated')} <Age at={new Date(newest).toISOString()} />
        </span>
      )}
      {state === 'offline' && (
        <button type="button" className={s.retry} onClick={() => live.retry()}>
          {t('list.retry')}
        </button>
      )}
    </p>
  )
}
