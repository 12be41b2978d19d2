import type { FormEvent, ReactNode } from 'react'
import { messageText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { useT } from '../use-t'
import { ConflictDialog, type ConflictRow } from './conflict-dialog'
import { DialogActions, DialogBody } from './dialog-sections'

/** What `useRecordSave` tells the dialog. */
export interface RecordDialogSave {
  saving: boolean
  message: string | null
  /** The message says the save waits in the outbox (shown as news, not as an error). */
  queued?: boolean
  conflict: boolean
  rows: ConflictRow[]
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
 */
export function RecordDialog({ title, width = 520, submitLabel, save, onSubmit, onClose, children, formClassName }: RecordDialogProps) {
  const t = useT()
  return (
    <>
      <Dialog open onClose={onClose} title={title} closeLabel={t('record.cancel')} width={width}>
        <form className={formClassName} noValidate onSubmit={onSubmit}>
          <DialogBody>
            {save.message && <Banner variant={save.queued ? 'info' : 'error'}>{messageText(save.message)}</Banner>}
            {children}
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" busy={save.saving}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
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
