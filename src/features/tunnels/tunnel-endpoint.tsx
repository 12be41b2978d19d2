import { Fragment, useRef } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { notify } from '../../stores/notices'
import { Icon } from '../../ui/icons'
import { copyText } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import { tunnelAddress } from './tunnels-api'
import s from './tunnels.module.css'
import './texts'

/** A long address wraps after its slashes, never inside a part: `https://console.example/` / `t/ab12/`. */
const lines = (address: string) => address.split('/').map((part, index, all) => (index < all.length - 1 ? `${part}/` : part)).filter(Boolean)

/** A text with a button that copies it; where no clipboard is, the text is left selected. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const shown = useRef<HTMLElement>(null)
  const copy = async () => {
    if (await copyText(text, null)) return notify('success', 'tunnels.copied')
    if (shown.current) window.getSelection()?.selectAllChildren(shown.current)
    notify('warning', 'tunnels.copyFailed')
  }
  return (
    <span className={s.endpoint}>
      <code ref={shown} className={s.mono} dir="ltr">
        {lines(text).map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span className={s.nowrap}>{part}</span>
          </Fragment>
        ))}
      </code>
      <button type="button" className={s.iconButton} aria-label={label} title={label} onClick={copy}>
        <Icon name="copy" size={16} />
      </button>
    </span>
  )
}

/** Where the tunnel is reached: an HTTP tunnel's full address, to copy; a TCP tunnel goes through the agent. */
export function TunnelEndpoint({ tunnel }: { tunnel: Tunnel }) {
  const t = useT()
  if (tunnel.protocol !== 'http') return <span className={s.muted}>{t('tunnels.viaAgent')}</span>
  return <CopyText text={tunnelAddress(tunnel)} label={t('tunnels.copyEndpoint', { name: tunnel.name })} />
}
