import { useState, type FormEvent, type ReactNode } from 'react'
import { messageText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { useT } from '../use-t'
import { ConfirmDialog } from './confirm-dialog'
import { ConflictDialog, type ConflictRow } from './conflict-dialog'
import { DialogActions, DialogBody } from './dialog-sections'
import { useLeaveGuard } from './use-leave-guard'

/** What `useRecordSave` tells the dialog. */
export interface RecordDialogSave {
  saving: boolean
  message: string | null
  /** The message says the save waits in the outbox (shown as news, not as an error). */
  queued?: boolean
  conflict: boolean
  rows: ConflictRow[]
  /** What was typed differs from the record: closing, reloading or Back asks first. */
  dirty?: boolean
  keepMine: () => void
  takeTheirs: () => void
  closeConflict: () => void
}

export interface RecordDialogProps {
  title: string
  width?: number
  submitLabel: string
  save: RecordDialogSave
  onSubmit: (event?: FormEvent) => void
  onClose: () => void
  /** The form's fields. */
  children: ReactNode
  formClassName?: string
}

/**
 * A record's form in a dialog: the message of a refused save above the fields, Cancel and the
 * submit button under them, and the conflict dialog over it when the save met a newer version.
 * Nothing typed goes without a word: closing a changed form (Cancel, Esc, the backdrop, Back)
 * asks first, and so does the browser before a reload.
 */
export function RecordDialog({ title, width = 520, submitLabel, save, onSubmit, onClose, children, formClassName }: RecordDialogProps) {
  const t = useT()
  const [asking, setAsking] = useState<'close' | 'back' | null>(null)
  const guard = useLeaveGuard(Boolean(save.dirty), () => (save.dirty ? setAsking('back') : leave('back')))
  function leave(how: 'close' | 'back') {
    onClose()
    if (how === 'back') history.back()
  }
  const close = () => (save.dirty ? setAsking('close') : onClose())
  const stay = () => {
    if (asking === 'back') guard.rearm()
    setAsking(null)
  }
  return (
    <>
      <Dialog open onClose={close} title={title} closeLabel={t('record.cancel')} width={width}>
        <form className={formClassName} noValidate onSubmit={onSubmit}>
          <DialogBody>
            {save.message && <Banner variant={save.queued ? 'info' : 'error'}>{messageText(save.message)}</Banner>}
            {children}
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onClick={close}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" busy={save.saving}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        title={t('record.discardTitle')}
        confirmLabel={t('record.discard')}
        cancelLabel={t('record.keepEditing')}
        onConfirm={() => asking && leave(asking)}
        onClose={stay}
      >
        <p>{t('record.discardBody')}</p>
      </ConfirmDialog>
      <ConflictDialog
        open={save.conflict}
        rows={save.rows}
        busy={save.saving}
        onKeepMine={save.keepMine}
        onTakeTheirs={save.takeTheirs}
        onClose={save.closeConflict}
      />
    </>
  )
}
