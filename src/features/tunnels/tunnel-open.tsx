import { useId, useState } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { messageText } from '../../lib/i18n'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { openTunnel } from './tunnels-api'
import { downReason } from './tunnel-values'
import s from './tunnel-screen.module.css'
import './texts'

type Opening = { status: 'idle' | 'busy' } | { status: 'failed'; message: string } | { status: 'blocked'; url: string }

/**
 * Opens an HTTP tunnel's page in a new tab, signed in with a one-time ticket. The tab opens at
 * the click, before the ticket comes, so no popup blocker stops it; where one does, a link takes its place.
 */
export function TunnelOpen({ tunnel }: { tunnel: Tunnel }) {
  const t = useT()
  const id = useId()
  const [opening, setOpening] = useState<Opening>({ status: 'idle' })
  const down = tunnel.status === 'down'

  const open = async () => {
    const tab = window.open('', '_blank')
    setOpening({ status: 'busy' })
    const result = await openTunnel(tunnel.id)
    if (!result.ok) {
      tab?.close()
      return setOpening({ status: 'failed', message: result.message })
    }
    if (!tab) return setOpening({ status: 'blocked', url: result.data.url })
    tab.opener = null
    tab.location.href = result.data.url
    setOpening({ status: 'idle' })
  }

  return (
    <div className={s.reach}>
      <div className={s.openRow}>
        <Button onClick={open} disabled={down} busy={opening.status === 'busy'} aria-describedby={down ? `${id}-down` : undefined}>
          {t('tunnels.detail.open')}
        </Button>
        {down && (
          <p id={`${id}-down`} className={s.down}>
            {t(downReason(tunnel))}
          </p>
        )}
      </div>
      <p role="status" className={s.hint}>
        {opening.status === 'failed' && messageText(opening.message)}
        {opening.status === 'blocked' && (
          <a href={opening.url} target="_blank" rel="noopener" onClick={() => setOpening({ status: 'idle' })}>
            {t('tunnels.detail.openBlocked')}
          </a>
        )}
      </p>
    </div>
  )
}
