import { clsx } from 'clsx'
import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import type { DialogProps } from './dialog-props'
import s from './dialog.module.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** What Tab reaches inside `root`, in order; of a radio group only its checked radio (or the first). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden]'))
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true
    const group = all.filter((other) => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name)
    const checked = group.find((other) => (other as HTMLInputElement).checked)
    return checked ? checked === element : group[0] === element
  })
}

/**
 * An open dialog (see Dialog in ./dialog.tsx, which draws it while `open`): focus moves in (to
 * `[data-autofocus]`, else the first control), Tab stays inside, Esc and a click on the backdrop
 * close it, and focus returns to what opened it when it goes.
 */
export function DialogBox({ onClose, title, children, variant = 'center', closeLabel, width, className }: DialogProps) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const host = document.body
    const opener = document.activeElement
    const root = panel.current
    if (root) (root.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(root)[0] ?? root).focus()
    const overflow = host.style.overflow
    host.style.overflow = 'hidden'
    // Esc closes the dialog even when focus has strayed outside it (a click on the page behind).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !root?.contains(document.activeElement)) close.current()
    }
    document.addEventListener('keydown', onEscape)
    return () => {
      document.removeEventListener('keydown', onEscape)
      host.style.overflow = overflow
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  // A page made on the server has no open dialog to draw.
  if (typeof document === 'undefined') return null

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close.current()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const order = tabbables(panel.current)
    const first = order[0]
    const last = order[order.length - 1]
    const active = document.activeElement
    if (!first || !last) {
      event.preventDefault()
    } else if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !order.includes(active as HTMLElement))) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className={clsx(s.layer, s[variant])}>
      <div className={s.backdrop} aria-hidden="true" onClick={() => close.current()} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={clsx(s.panel, className)}
        style={width ? { maxInlineSize: `${width}px` } : undefined}
        onKeyDown={onKeyDown}
      >
        <div className={s.head}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {closeLabel && (
            <button type="button" className={s.close} aria-label={closeLabel} onClick={() => close.current()}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
