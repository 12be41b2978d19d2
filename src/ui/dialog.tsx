import type { ReactNode } from 'react'
import { laterPart } from './lazy-part'

export interface DialogProps {
  open: boolean
  onClose: () => void
  /** The heading that names the dialog. */
  title: ReactNode
  children: ReactNode
  /** A centred box, or a side drawer sliding in from the end edge. */
  variant?: 'center' | 'drawer'
  /** The accessible name of the close button in the title bar; no button without it. */
  closeLabel?: string
  /** The widest it grows, in px; narrower screens get their whole width. */
  width?: number
  className?: string
}

/** The open dialog's code: no screen needs it to draw first, so it loads just after (see laterPart). */
const DialogBox = laterPart(() => import('./dialog-box').then((part) => part.DialogBox))

/**
 * A modal dialog in a portal while `open`: focus moves in (to `[data-autofocus]`, else the first
 * control), Tab stays inside, Esc and a click on the backdrop close it, and focus returns to what
 * opened it.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <DialogBox {...props} /> : null
}
