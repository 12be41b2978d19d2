import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

/**
 * A list toolbar's button and the panel it opens (the filter menu, the column chooser): Esc in
 * either closes it and gives the focus back to the button; a popover also closes on a press
 * outside it, as a menu does.
 */
export function useToolPanel({ popover = false }: { popover?: boolean } = {}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open || !popover) return
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open, popover])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setOpen(false)
    button.current?.focus()
  }

  return {
    open,
    /** Holds the button and the popover: a press inside it keeps the popover open. */
    root,
    button: { ref: button, type: 'button' as const, 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen(!open), onKeyDown },
    panel: { id, onKeyDown },
  }
}
