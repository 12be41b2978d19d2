import { useEffect, useState } from 'react'
import { DEFAULT_HISTORY_RANGE, HISTORY_RANGES, type TimelineRun } from '../../contract/device-history'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import '../../ui/device-texts'
import './device-timeline-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { deviceTimeline } from './devices-api'
import s from './device-timeline.module.css'

/**
 * When a run began, as the language writes it: the time of day when that is today, else with its
 * day. Written here rather than taken from the charts' formatters, so the device page does not
 * split the charts kit in two.
 */
function startText(at: string, today: boolean): string {
  const options: Intl.DateTimeFormatOptions = today ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
  return new Intl.DateTimeFormat($locale.get(), options).format(new Date(at))
}

type Translate = (key: string, values?: Record<string, unknown>) => string

/** How long a run lasted, in days and hours, hours and minutes, or minutes. */
export function durationText(t: Translate, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60]
  if (d) return t('deviceTimeline.days', { d, h })
  if (h) return t('deviceTimeline.hours', { h, m })
  return m ? t('deviceTimeline.minutes', { m }) : t('deviceTimeline.underMinute')
}

/** The runs over the span from `from` to `to` (ms): a strip, and the same as a list screen readers read. */
export function TimelineStrip({ runs, from, to }: { runs: readonly TimelineRun[]; from: number; to: number }) {
  const t = useT() as Translate
  const span = Math.max(1, to - from)
  const today = new Date(to).toDateString()
  const bounds = runs.map((run) => {
    const start = Math.max(from, Date.parse(run.from))
    return { run, start, end: run.to ? Date.parse(run.to) : to }
  })
  return (
    <>
      <div className={s.strip} aria-hidden="true">
        {bounds.map(({ run, start, end }) => (
          <span key={run.from} className={`${s.run} ${s[run.status]}`} style={{ insetInlineStart: `${((start - from) / span) * 100}%`, inlineSize: `${(Math.max(0, end - start) / span) * 100}%` }} />
        ))}
      </div>
      {/* Scrolls past a dozen runs: a stop of the keyboard's, so the runs below can be read. */}
      <ol className={s.list} tabIndex={0} aria-labelledby="device-timeline">
        {bounds.map(({ run, start, end }) => (
          <li key={run.from} className={s.item}>
            <span className={`${s.swatch} ${s[run.status]}`} aria-hidden="true" />
            {t('deviceTimeline.run', {
              status: t(run.status === 'disabled' ? 'devices.disabled' : `devices.status.${run.status}`),
              from: startText(run.from, new Date(start).toDateString() === today),
              duration: durationText(t, end - start),
            })}
            {run.to === null && ` ${t('deviceTimeline.ongoing')}`}
          </li>
        ))}
      </ol>
    </>
  )
}

type Timeline = { status: 'loading' | 'ready' | 'error'; runs: TimelineRun[]; at: number; message: string }

/** The last day of a device's status as a strip of runs, read again as it reports. */
export function DeviceTimeline({ id, lastSeen, status }: { id: string; lastSeen: string | null; status: string }) {
  const t = useT()
  const [timeline, setTimeline] = useState<Timeline>({ status: 'loading', runs: [], at: Date.now(), message: '' })
  const tick = lastSeen ? Math.floor(Date.parse(lastSeen) / 60_000) : 0

  useEffect(() => {
    const controller = new AbortController()
    void deviceTimeline(id, DEFAULT_HISTORY_RANGE, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setTimeline((old) =>
        result.ok ? { status: 'ready', runs: result.data, at: Date.now(), message: '' } : { ...old, status: old.status === 'ready' ? 'ready' : 'error', message: result.message },
      )
    })
    return () => controller.abort()
  }, [id, tick, status])

  return (
    <section className={s.card} aria-labelledby="device-timeline">
      <h3 id="device-timeline" className={s.cardTitle}>
        {t('deviceTimeline.title')}
      </h3>
      {timeline.status === 'loading' && <Spinner label={t('deviceTimeline.loading')} />}
      {timeline.status === 'error' && <p className={s.muted}>{messageText(timeline.message)}</p>}
      {timeline.status === 'ready' && <TimelineStrip runs={timeline.runs} from={timeline.at - HISTORY_RANGES[DEFAULT_HISTORY_RANGE].ms} to={timeline.at} />}
    </section>
  )
}
