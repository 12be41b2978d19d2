import { clsx } from 'clsx'
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { DROPDOWN_MAX_HEIGHT_PX, type DropdownItem } from './dropdown-item'
import s from './dropdown.module.css'
import { Icon } from './icons'

export interface DropdownMenuProps {
  /** The dropdown's id: the menu is `<id>-menu`, named by its button `<id>-button`. */
  id: string
  items: readonly DropdownItem[]
  align: 'start' | 'end'
  /** The item that has the focus. */
  active: number
  setActive: (index: number) => void
  /** Closes the menu, giving the focus back to its button if `refocus`. */
  hide: (refocus: boolean) => void
}

/**
 * The open menu of a Dropdown (./dropdown.tsx): the focus goes to the active item, arrows, Home
 * and End move it, Esc closes and returns focus to the button, Tab leaves.
 */
export function DropdownMenu({ id, items, align, active, setActive, hide }: DropdownMenuProps) {
  const entries = useRef<(HTMLButtonElement | null)[]>([])

  // As the menu is drawn, not after: a key pressed at once (Esc) meets the focus already on the
  // item, and a later effect cannot take it back from the button Esc returned it to.
  useLayoutEffect(() => {
    entries.current[active]?.focus()
  }, [active])

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
  )
}
