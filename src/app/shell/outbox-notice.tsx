import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { messageText } from '../../lib/i18n'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { $outbox, clearDone, flushOutbox, watchOutbox } from '../../stores/outbox'
import { $unreachable } from '../../stores/reach'
import { $offline, keptScope } from '../../stores/session'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import s from './status-notices.module.css'

/**
 * The writes made while the link was down: each pending, then sent or refused with the server's
 * reason. They go by themselves when the link returns; "Send now" tries at once.
 */
export function OutboxNotice() {
  const t = useT()
  const entries = useStore($outbox)
  const locale = useStore($locale)
  const offline = useStore($offline)
  const unreachable = useStore($unreachable)
  useEffect(() => watchOutbox(), [])
  // The server answers again: what waits goes now.
  useEffect(() => {
    if (!offline && !unreachable) void flushOutbox()
  }, [offline, unreachable])
  const scope = keptScope()
  const mine = entries.filter((entry) => entry.scope === scope)
  if (!mine.length) return null
  const pending = mine.filter((entry) => entry.state === 'pending').length
  return (
    <section className={s.outbox} aria-labelledby="outbox-title">
      <h2 id="outbox-title" className={s.outboxTitle}>
        {pending ? t(pluralKey('outbox.waiting', pending, locale), { n: pending }) : t('outbox.done')}
      </h2>
      <ul className={s.outboxList}>
        {mine.map((entry) => (
          <li key={entry.key} data-state={entry.state}>
            <span className={s.outboxWhat}>{t('outbox.change', { name: entry.what.name })}</span>{' '}
            <span className={s.outboxState}>{t(`outbox.${entry.state}`)}</span>
            {entry.reason && <span>: {messageText(entry.reason)}</span>}
          </li>
        ))}
      </ul>
      <div className={s.outboxActions}>
        {pending > 0 && (
          <Button variant="secondary" onClick={() => void flushOutbox()}>
            {t('outbox.sendNow')}
          </Button>
        )}
        {pending < mine.length && (
          <Button variant="text" onClick={clearDone}>
            {t('outbox.clear')}
          </Button>
        )}
      </div>
    </section>
  )
}
