import type { ReactNode } from 'react'

/** What a dialog is given: the open dialog's box (dialog-box.tsx) draws it once it has loaded. */
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
