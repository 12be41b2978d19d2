import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useId, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'wouter'
import { $session } from '../../../stores/session'
import { $palette } from '../../../stores/ui'
import { Icon } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import { MENU, searchMenu, visibleMenu, type MenuItem } from '../../menu'
import s from './search-box.module.css'

const openPalette = () => $palette.set(true)

/**
 * The header search: a combobox suggesting up to 5 menu entries the user may open, and the button
 * that opens the command palette (Ctrl+K), which also finds records and runs actions.
 */
export function SearchBox() {
  const t = useT()
  const id = useId()
  const rights = useStore($session).user?.rights ?? []
  const [, navigate] = useLocation()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(-1)
  const [focused, setFocused] = useState(false)

  const suggestions = searchMenu(visibleMenu(MENU, rights), query, (item) => t(item.name))
  const expanded = focused && suggestions.length > 0
  const optionId = (index: number) => `${id}-option-${index}`

  const change = (value: string) => {
    setQuery(value)
    setActive(-1)
  }
  const go = (item: MenuItem) => {
    change('')
    if (item.link) navigate(`~${item.link}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault()
      setActive(active + 1 >= count ? 0 : active + 1)
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault()
      setActive(active <= 0 ? count - 1 : active - 1)
    } else if (event.key === 'Enter') {
      const target = suggestions[active] ?? suggestions[0]
      if (target) {
        event.preventDefault()
        go(target)
      }
    } else if (event.key === 'Escape' && query) {
      event.preventDefault()
      change('')
    }
  }

  return (
    <div className={s.search} role="search">
      <Icon name="search" className={s.icon} size={18} />
      <input
        type="text"
        role="combobox"
        className={s.input}
        value={query}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.search')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={t('header.suggestions')} className={s.list} hidden={!expanded}>
        {expanded &&
          suggestions.map((item, index) => (
            <li
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={clsx(s.option, index === active && s.active)}
              // Keeps the focus in the box, so the list stays open until the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => go(item)}
            >
              {item.icon && <Icon name={item.icon} size={18} />}
              <span className={s.name}>{t(item.name)}</span>
              <span className={s.link}>{item.link}</span>
            </li>
          ))}
      </ul>
      {/* Named by what it does, then by the keys it shows: its visible text is part of its name. */}
      <button type="button" className={s.keys} onClick={openPalette}>
        <span className="visually-hidden">{t('header.palette')} </span>
        <kbd>{t('header.paletteKeys')}</kbd>
        <Icon name="dashboard" className={s.touchIcon} size={18} />
      </button>
    </div>
  )
}
