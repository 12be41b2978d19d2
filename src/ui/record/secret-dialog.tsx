import { useRef, useState, type ReactNode } from 'react'
import { Banner } from '../banner'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { Icon } from '../icons'
import { useT } from '../use-t'
import s from './record.module.css'
import './secret-texts'

/** Copies `text`: the clipboard API where there is one, else the selected field and the old copy command. */
export async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Denied or not allowed here: fall through to the selection.
  }
  if (!field) return false
  field.focus()
  field.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  }
}

/** Characters a line of the secret's box holds where it cannot size itself to its text. */
const SECRET_LINE = 32

export interface SecretDialogProps {
  /** The secret to show once; the dialog is open while there is one. */
  secret: string | null
  title: string
  onClose: () => void
  /** The warning above the secret, when `secret.warning` does not fit (what remains after closing). */
  warning?: string
  /** The secret field's label; `secret.label` unless said. */
  label?: string
  /** What goes with the secret and stays known, shown above it (an app's client id). */
  children?: ReactNode
  /** How the secret is used, shown below it (an app's token request). */
  after?: ReactNode
}

/**
 * The one time a secret is shown: selectable, with a copy button and a plain warning. The parent
 * drops the secret on close, so after that only its prefix remains anywhere.
 */
export function SecretDialog({ secret, title, onClose, warning, label, children, after }: SecretDialogProps) {
  const t = useT()
  const field = useRef<HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const close = () => {
    setCopied(null)
    onClose()
  }
  return (
    <Dialog open={secret !== null} onClose={close} title={title} width={560}>
      <div className={s.body}>
        <Banner variant="warning">{warning ?? t('secret.warning')}</Banner>
        {children}
        <div className={s.secretRow}>
          {/* A box that wraps: the whole secret shows, however narrow the dialog. */}
          <textarea
            ref={field}
            className={s.secret}
            readOnly
            rows={Math.max(1, Math.ceil((secret ?? '').length / SECRET_LINE))}
            value={secret ?? ''}
            aria-label={label ?? t('secret.label')}
            spellCheck={false}
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={async () => setCopied((await copyText(secret ?? '', field.current)) ? 'yes' : 'no')}>
            <Icon name={copied === 'yes' ? 'check' : 'copy'} size={18} />
            {copied === 'yes' ? t('secret.copied') : t('secret.copy')}
          </Button>
        </div>
        <p role="status" className={s.hint}>
          {copied === 'no' ? t('secret.copyFailed') : ''}
        </p>
        {after}
      </div>
      <div className={s.actions}>
        <Button onClick={close} data-autofocus>
          {t('secret.done')}
        </Button>
      </div>
    </Dialog>
  )
}
