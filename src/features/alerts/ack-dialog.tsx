import { useState } from 'react'
import { ALERT_LIMITS, AlertAck, type Alert } from '../../contract/alerts'
import { check } from '../../contract/validation'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { TextArea } from '../../ui/text-area'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { ackAlert } from './alerts-api'
import s from './alerts.module.css'

/** Acknowledges a firing alert with a note: no more reminders, and the others see who is on it. */
export function AckDialog({ alert, onClose, onDone }: { alert: Alert; onClose: () => void; onDone: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const form = useForm(
    { note: '' },
    (values) => errorsOf(check(AlertAck, values)),
    async (values) => {
      setBusy(true)
      setMessage(null)
      const result = await ackAlert(alert.id, { note: values.note })
      setBusy(false)
      if (!result.ok) {
        form.setServerErrors(result.errors)
        return setMessage(result.message)
      }
      notify('success', 'alerts.ackDone')
      onDone()
    },
  )
  return (
    <Dialog open onClose={onClose} title={t('alerts.ackTitle', { rule: alert.rule_name, device: alert.subject_name })} closeLabel={t('record.cancel')} width={480}>
      <form className={s.form} noValidate onSubmit={form.submit}>
        <DialogBody>
          {message && <Banner variant="error">{messageText(message)}</Banner>}
          <p className={s.hint}>{t('alerts.ackHint')}</p>
          <TextArea label={t('alerts.ackNote')} rows={3} maxLength={ALERT_LIMITS.note} {...form.text('note')} />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('alerts.ack')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
