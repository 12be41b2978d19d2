import type { DialogProps } from './dialog-props'
import { laterPart } from './lazy-part'

export type { DialogProps }

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
