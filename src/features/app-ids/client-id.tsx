import { useRef } from 'react'
import { notify } from '../../stores/notices'
import { Icon } from '../../ui/icons'
import { copyText } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import s from './app-ids.module.css'

/** An app's public client id, in a monospace face, with a button that copies it. */
export function ClientId({ name, clientId }: { name: string; clientId: string }) {
  const t = useT()
  const text = useRef<HTMLElement>(null)
  const copy = async () => {
    if (await copyText(clientId, null)) return notify('success', 'appIds.copied')
    // No clipboard here: leave the id selected, ready for the user's own copy.
    if (text.current) window.getSelection()?.selectAllChildren(text.current)
    notify('warning', 'appIds.copyFailed')
  }
  const label = t('appIds.copyOf', { name })
  return (
    <span className={s.clientId}>
      <code ref={text} className={s.mono} dir="ltr">
        {clientId}
      </code>
      <button type="button" className={s.iconButton} aria-label={label} title={label} onClick={copy}>
        <Icon name="copy" size={16} />
      </button>
    </span>
  )
}
