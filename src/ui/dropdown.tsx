import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { DROPDOWN_OPEN_DELAY_MS, type DropdownItem } from './dropdown-item'
import s from './dropdown.module.css'
import type { DropdownMenuProps } from './dropdown-menu'
import { laterPart } from './lazy-part'

export { DROPDOWN_MAX_HEIGHT_PX, DROPDOWN_OPEN_DELAY_MS, type DropdownItem } from './dropdown-item'

/** The open menu's code: no screen needs it to draw first, so it loads just after (see laterPart). */
const DropdownMenu = laterPart<DropdownMenuProps>(() => import('./dropdown-menu').then((part) => part.DropdownMenu))

export interface DropdownProps {
  /** The accessible name of the button. */
  label: string
  /** What the button shows. */
  button: ReactNode
  items: readonly DropdownItem[]
  /** The side of the button the menu lines up with. */
  align?: 'start' | 'end'
  className?: string
  buttonClassName?: string
}

/**
 * A menu button: Enter, Space, a click or ArrowDown open the menu (ArrowUp at its last item),
 * arrows, Home and End move, Esc closes and returns focus to the button, Tab leaves it.
 */
export function Dropdown({ label, button, items, align = 'end', className, buttonClassName }: DropdownProps) {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  const stopTimer = () => clearTimeout(timer.current)
  const show = (index: number) => {
    stopTimer()
    timer.current = setTimeout(() => {
      setActive(index)
      setOpen(true)
    }, DROPDOWN_OPEN_DELAY_MS)
  }
  const hide = (refocus: boolean) => {
    stopTimer()
    setOpen(false)
    if (refocus) trigger.current?.focus()
  }

  useEffect(() => stopTimer, [])
  useEffect(() => {
    if (!open) return
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) hide(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    show(event.key === 'ArrowDown' ? 0 : items.length - 1)
  }

  return (
    <div ref={root} className={clsx(s.root, className)}>
      <button
        ref={trigger}
        type="button"
        id={`${id}-button`}
        className={clsx(s.button, buttonClassName)}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? hide(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && <DropdownMenu id={id} items={items} align={align} active={active} setActive={setActive} hide={hide} />}
    </div>
  )
}
