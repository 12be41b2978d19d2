import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { TextField } from '../../ui/fields'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { TextArea } from '../../ui/text-area'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { composeErrors, EMPTY_COMPOSE, type ComposeValues } from './mails'

/**
 * A new message: the address is required and must look like one, told once the field has been left
 * or the form sent. Cancel (or Esc) discards what was written.
 */
export function ComposeDialog({ onSend, onClose }: { onSend: (values: ComposeValues) => void; onClose: () => void }) {
  const t = useT()
  const form = useForm<ComposeValues>(EMPTY_COMPOSE, composeErrors, onSend)
  return (
    <Dialog open onClose={onClose} title={t('demo-email.newMessage')} closeLabel={t('demo-email.cancel')} width={600}>
      <form noValidate onSubmit={form.submit}>
        <DialogBody>
          <TextField label={t('demo-email.to')} type="email" required data-autofocus="" {...form.text('to')} />
          <TextField label={t('demo-email.subject')} {...form.text('subject')} />
          <TextArea label={t('demo-email.message')} rows={8} {...form.text('message')} />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('demo-email.cancel')}
          </Button>
          <Button type="submit">{t('demo-email.send')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
