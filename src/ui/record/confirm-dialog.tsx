import type { ReactNode } from 'react'
import { Button } from '../button'
import { Dialog } from '../dialog'
import { useT } from '../use-t'
import s from './record.module.css'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  /** The label of the button that leaves things as they are; Cancel unless said. */
  cancelLabel?: string
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks before something that cannot be undone (a delete, a revoke); Cancel has the focus. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} onClose={onClose} title={title} width={440}>
      <div className={s.body}>{children}</div>
      <div className={s.actions}>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {cancelLabel ?? t('record.cancel')}
        </Button>
        <Button className={s.danger} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
