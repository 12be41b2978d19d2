import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $network, $unreachable } from '../../stores/reach'
import { $offline, syncUser } from '../../stores/session'
import { $updateReady, startServiceWorker, takeUpdate } from '../../stores/service-worker'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { OutboxNotice } from './outbox-notice'
import { ServerAway } from './server-away'
import s from './status-notices.module.css'

/**
 * What the operator must know about the console itself, one notice each: that the device is
 * offline, or else that the server cannot be reached (either way it shows what it kept and
 * reconnects by itself), the writes waiting for the link, and that a new version is ready.
 */
export default function StatusNotices() {
  const t = useT()
  const updateReady = useStore($updateReady)
  // The session could not be checked as the console opened, or an answer since did not come.
  const offline = useStore($offline)
  const unreachable = useStore($unreachable)
  const online = useStore($network)
  useEffect(() => startServiceWorker(), [])
  // The server answers again: a session taken from what was kept is checked now, not in a while.
  useEffect(() => {
    if (online && !unreachable && $offline.get()) void syncUser()
  }, [online, unreachable])
  return (
    <div className={s.notices}>
      {!online ? <Banner variant="warning">{t('shell.offline')}</Banner> : (offline || unreachable) && <ServerAway />}
      <OutboxNotice />
      {updateReady && (
        <Banner variant="info">
          {t('shell.updateReady')}{' '}
          <Button variant="text" onClick={takeUpdate}>
            {t('shell.reload')}
          </Button>
        </Banner>
      )}
    </div>
  )
}
