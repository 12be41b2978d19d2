import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { BULK_UNDO_MS, type BulkJob, type BulkUndo } from '../../contract/bulk'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { Button } from '../button'
import { useT } from '../use-t'
import { undoBulk } from './bulk-api'
import { BulkProgress, SkipList, useCountdown } from './bulk-progress'
import { counted, isFinished, outcomeText, recordsText, skippedCount } from './bulk-words'
import { useBulkJob } from './use-bulk-job'
import s from './bulk.module.css'

export interface BulkJobPanelProps {
  started: BulkJob
  /** The job ended, or its undo did: the list reads its records again. */
  onChanged: () => void
  onDismiss: () => void
}

/**
 * A job from its start to its end: a progress bar ("120 of 240") from the events stream or, with
 * the stream down, from reading the job; then what it did ("Tagged 238 devices · 2 skipped"), the
 * skipped on demand, and an Undo, which then says what came back and what was left because it
 * changed since. The Undo stays until the panel is dismissed, but a revoke's: the server brings
 * keys back only within `BULK_UNDO_MS` of the end, so that one counts down.
 */
export function BulkJobPanel({ started, onChanged, onDismiss }: BulkJobPanelProps) {
  const t = useT()
  const locale = useStore($locale)
  const progress = useBulkJob(started)
  const [until, setUntil] = useState<number | null>(null)
  const [showSkipped, setShowSkipped] = useState(false)
  const [undoing, setUndoing] = useState(false)
  const [undone, setUndone] = useState<BulkUndo | null>(null)
  const [message, setMessage] = useState('')
  const panel = useRef<HTMLDivElement>(null)
  const skippedId = useId()
  const job = progress.job
  const ended = job !== null && isFinished(job.status)
  const timed = started.action === 'revoke'
  const seconds = useCountdown(until)
  const offered = ended && !undone && job.status === 'done' && job.undoable && (!timed || seconds > 0)

  // Focus comes here from the closed preview, so the keyboard stays with the job.
  useEffect(() => panel.current?.focus(), [])
  useEffect(() => {
    if (!ended) return
    if (timed) setUntil(Date.now() + BULK_UNDO_MS)
    onChanged()
    // Once, when the job ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended])
  // The Undo gone (used, or its time over) with the focus on it: the keyboard stays with the job.
  useEffect(() => {
    if (!offered && (document.activeElement === document.body || !document.activeElement)) panel.current?.focus()
  }, [offered])

  const undo = async () => {
    if (!job) return
    setUndoing(true)
    setMessage('')
    const result = await undoBulk(job.id)
    setUndoing(false)
    panel.current?.focus()
    if (!result.ok) return setMessage(result.message)
    setUndone(result.data)
    setUntil(null)
    onChanged()
  }

  /** Closes the panel; the keyboard goes on from the list's box for the page, not from the page's start. */
  const dismiss = () => {
    panel.current?.closest('section')?.querySelector<HTMLElement>('thead input')?.focus()
    onDismiss()
  }

  const action = t(`bulk.actions.${started.collection}.${started.action}`)
  return (
    <div ref={panel} className={s.panel} tabIndex={-1} role="region" aria-label={action}>
      {!ended ? (
        <BulkProgress action={action} progress={progress} locale={locale} />
      ) : (
        <div role="status">
          {job.status === 'failed' ? (
            <p className={s.lead}>{t('bulk.stopped', { done: job.done, count: job.count })}</p>
          ) : (
            <p className={s.lead}>{outcomeText(t, locale, job)}</p>
          )}
          {undone && (
            <>
              <p>{t('bulk.restored', { records: recordsText(t, locale, job.collection, undone.restored) })}</p>
              {undone.left.length > 0 && (
                <>
                  <p>{counted(t, locale, 'bulk.left', undone.left.length)}</p>
                  <SkipList skips={undone.left} />
                </>
              )}
            </>
          )}
        </div>
      )}
      {message && <p role="alert">{messageText(message)}</p>}
      {ended && showSkipped && job.skipped.length > 0 && (
        <div id={skippedId}>
          <SkipList skips={job.skipped} />
          {skippedCount(job) > job.skipped.length && <p className={s.muted}>{t('bulk.audit.more', { shown: job.skipped.length, total: skippedCount(job) })}</p>}
        </div>
      )}
      {ended && (
        <div className={s.actions}>
          {job.skipped.length > 0 && (
            <Button variant="text" aria-expanded={showSkipped} aria-controls={skippedId} onClick={() => setShowSkipped(!showSkipped)}>
              {t(showSkipped ? 'bulk.hideSkipped' : 'bulk.showSkipped')}
            </Button>
          )}
          {offered && (
            <Button variant="secondary" busy={undoing} onClick={() => void undo()}>
              {timed ? t('bulk.undo', { seconds }) : t('bulk.undoNow')}
            </Button>
          )}
          <Button variant="text" onClick={dismiss}>
            {t('bulk.dismiss')}
          </Button>
        </div>
      )}
    </div>
  )
}
