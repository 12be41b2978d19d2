import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $offline } from '../../stores/session'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { $updateReady, startServiceWorker, takeUpdate } from '../service-worker'
import { OutboxNotice } from './outbox-notice'
import s from './status-notices.module.css'

/** Whether the browser says it has a link at all. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}

/**
 * What the operator must know about the console itself: that it is offline (and shows what it
 * kept, reconnecting by itself), the writes waiting for the link, and that a new version is
 * ready to be taken.
 */
export default function StatusNotices() {
  const t = useT()
  const updateReady = useStore($updateReady)
  const offline = useStore($offline)
  const online = useOnline()
  useEffect(() => startServiceWorker(), [])
  return (
    <div className={s.notices}>
      {(!online || offline) && <Banner variant="warning">{t('shell.offline')}</Banner>}
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
