import { Fragment, useRef } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { notify } from '../../stores/notices'
import { Icon } from '../../ui/icons'
import { copyText } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import s from './tunnels.module.css'
import './texts'

/** A long host name wraps after its dots, never inside a label: `t-ab12.` / `tunnels.example`. */
const lines = (endpoint: string) => endpoint.split('.').map((part, index, all) => (index < all.length - 1 ? `${part}.` : part))

/** The address the tunnel is reached at, with a button that copies it. */
export function TunnelEndpoint({ tunnel }: { tunnel: Tunnel }) {
  const t = useT()
  const text = useRef<HTMLElement>(null)
  const copy = async () => {
    if (await copyText(tunnel.public_endpoint, null)) return notify('success', 'tunnels.copied')
    // No clipboard here: leave the address selected, ready for the user's own copy.
    if (text.current) window.getSelection()?.selectAllChildren(text.current)
    notify('warning', 'tunnels.copyFailed')
  }
  return (
    <span className={s.endpoint}>
      <code ref={text} className={s.mono} dir="ltr">
        {lines(tunnel.public_endpoint).map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            <span className={s.nowrap}>{part}</span>
          </Fragment>
        ))}
      </code>
      <button type="button" className={s.iconButton} aria-label={t('tunnels.copyEndpoint', { name: tunnel.name })} title={t('tunnels.copyEndpoint', { name: tunnel.name })} onClick={copy}>
        <Icon name="copy" size={16} />
      </button>
    </span>
  )
}
