import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { BulkPreview } from '../../contract/bulk'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { Banner } from '../banner'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { useT } from '../use-t'
import { blastSentences, confirmLabel, counted, isDanger, paramsText, recordsText } from './bulk-words'
import r from '../record/record.module.css'
import s from './bulk.module.css'

export interface BulkConfirmProps {
  preview: BulkPreview
  /** How many the user had selected: the preview's count may be fewer, some being gone since. */
  selected: number
  roleName: (id: string) => string
  /** Runs the job; answers the message of a refusal, or null once it runs. */
  onConfirm: () => Promise<string | null>
  onClose: () => void
}

/**
 * The preview before anything changes: how many records the action touches (the server's count),
 * what it sets, and for users who gains and loses which rights; Cancel has the focus, and the
 * confirm button names the action and the count ("Tag 240 devices"), in red for a delete or revoke.
 */
export function BulkConfirm({ preview, selected, roleName, onConfirm, onClose }: BulkConfirmProps) {
  const t = useT()
  const locale = useStore($locale)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const { collection, action, count } = preview
  const params = paramsText(t, action, preview.params, roleName)
  const confirm = async () => {
    setBusy(true)
    const failed = await onConfirm()
    setBusy(false)
    if (failed) setMessage(failed)
  }
  return (
    <Dialog open onClose={onClose} title={t(`bulk.actions.${collection}.${action}`)} width={480}>
      <div className={r.body}>
        <p className={s.lead}>{t('bulk.touches', { records: recordsText(t, locale, collection, count) })}</p>
        {selected > count && <p>{counted(t, locale, 'bulk.gone', selected - count)}</p>}
        {params && (
          <p>
            <bdi>{params}</bdi>
          </p>
        )}
        {preview.blast && (
          <div className={s.blast}>
            {blastSentences(t, locale, preview.blast).map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        )}
        {message && <Banner variant="error">{messageText(message)}</Banner>}
      </div>
      <div className={r.actions}>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('bulk.cancel')}
        </Button>
        <Button className={isDanger(action) ? r.danger : undefined} busy={busy} disabled={count === 0} onClick={() => void confirm()}>
          {confirmLabel(t, locale, collection, action, count)}
        </Button>
      </div>
    </Dialog>
  )
}
