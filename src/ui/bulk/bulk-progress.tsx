import { useEffect, useState } from 'react'
import type { BulkSkip } from '../../contract/bulk'
import { messageText } from '../../lib/i18n'
import { useT } from '../use-t'
import { formatCount, secondsLeft } from './bulk-words'
import type { JobProgress } from './use-bulk-job'
import s from './bulk.module.css'

/** Records left as they were, by name with the server's reason. */
export function SkipList({ skips }: { skips: readonly BulkSkip[] }) {
  return (
    <ul className={s.skips}>
      {skips.map((skip) => (
        <li key={skip.id}>
          <bdi className={s.skipName}>{skip.name || skip.id}</bdi> <span className={s.muted}>{messageText(skip.reason)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The time left to undo, ticking each second; 0 once it is over. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [until])
  return until === null ? 0 : secondsLeft(until, now)
}

/** A screen reader hears the progress at each tenth of the way, not at every record. */
const STEPS = 10

/**
 * A running job: its bar ("120 of 1,000"), and the same said politely in words ("Processed 120
 * of 1,000") as it passes each tenth, so a long job is heard moving without a word per record.
 */
export function BulkProgress({ action, progress, locale }: { action: string; progress: JobProgress; locale: string }) {
  const t = useT()
  const done = Math.min(progress.done, progress.count)
  const percent = progress.count ? Math.round((100 * done) / progress.count) : 0
  const numbers = { done: formatCount(locale, done), count: formatCount(locale, progress.count) }
  const step = progress.count ? Math.floor((STEPS * done) / progress.count) : 0
  const [said, setSaid] = useState({ step, text: t('bulk.progressSaid', numbers) })
  if (step !== said.step) setSaid({ step, text: t('bulk.progressSaid', numbers) })
  return (
    <>
      <p className={s.lead}>{t('bulk.running', { action })}</p>
      <div
        className={s.track}
        role="progressbar"
        aria-label={action}
        aria-valuemin={0}
        aria-valuemax={progress.count}
        aria-valuenow={done}
        aria-valuetext={t('bulk.progress', numbers)}
      >
        <div className={s.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className={s.muted} aria-hidden="true">
        {t('bulk.progress', numbers)}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said.text}
      </p>
      {progress.polling && <p className={s.muted}>{t('bulk.polling')}</p>}
      {progress.message && <p role="alert">{messageText(progress.message)}</p>}
    </>
  )
}
