import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { live } from '../../stores/live'
import { $offline, syncUser } from '../../stores/session'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'

/** Whole seconds until `at` (ms since the epoch), counted down once a second; null without one. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (at === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [at])
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Asks at once: the events stream connects anew, and a session checked while away is checked again. */
function tryNow() {
  live.retry()
  if ($offline.get()) void syncUser()
}

/**
 * The one notice that the server cannot be reached while the device has its network: what shows is
 * what was kept, when the console tries again by itself, and a way to try now.
 */
export function ServerAway() {
  const t = useT()
  const seconds = useSecondsUntil(useStore(live.$retryAt))
  return (
    <Banner variant="warning">
      {t('shell.unreachable')}{' '}
      {/* The count ticks each second: read when the banner appears, not at each tick. */}
      <span aria-live="off">{seconds ? t('shell.retryIn', { n: seconds }) : t('shell.retrying')}</span>{' '}
      <Button variant="text" onClick={tryNow}>
        {t('errors.tryAgain')}
      </Button>
    </Banner>
  )
}
