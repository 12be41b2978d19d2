import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import s from './dropdown.module.css'
import { Icon } from './icons'

/** A dropdown menu opens 50 ms after the click and grows at most 500 px high. */
export const DROPDOWN_OPEN_DELAY_MS = 50
export const DROPDOWN_MAX_HEIGHT_PX = 500

export interface DropdownItem {
  key: string
  label: ReactNode
  onSelect: () => void
  /** Makes the item one choice of several (`menuitemradio`), checked or not. */
  checked?: boolean
  /** The language of the label, when it is not the page's. */
  lang?: string
}

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
  const entries = useRef<(HTMLButtonElement | null)[]>([])
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
    if (open) entries.current[active]?.focus()
  }, [open, active])
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

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    }
    const to = moves[event.key]
    if (to !== undefined) {
      event.preventDefault()
      setActive(to)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      hide(true)
    } else if (event.key === 'Tab') hide(false)
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
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className={clsx(s.menu, s[align])}
          style={{ maxBlockSize: `${DROPDOWN_MAX_HEIGHT_PX}px` }}
          onKeyDown={onMenuKey}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => void (entries.current[index] = element)}
              type="button"
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              lang={item.lang}
              tabIndex={index === active ? 0 : -1}
              className={clsx(s.item, item.checked && s.checked)}
              onClick={() => {
                hide(true)
                item.onSelect()
              }}
              onMouseEnter={() => setActive(index)}
            >
              {item.checked !== undefined && (
                <span className={s.mark} aria-hidden="true">
                  {item.checked && <Icon name="check" size={16} />}
                </span>
              )}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
