import { useEffect, useRef, useState } from 'react'
import { Icon } from '../icons'
import { useT } from '../use-t'
import s from './list.module.css'

/** Typing settles this long before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300

/** Search as you type: the list follows a moment after the last key, and Esc clears it. */
export function ListSearch({ value, onSearch, label }: { value: string; onSearch: (q: string) => void; label?: string }) {
  const t = useT()
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const handler = useRef(onSearch)
  handler.current = onSearch

  // The address may change under the box (back button, a link): follow it.
  useEffect(() => {
    // The address keeps the search trimmed: a space typed before a pause is not a change from outside.
    if (value.trim() !== sent.current.trim()) {
      sent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return
    const timer = setTimeout(() => {
      sent.current = text
      handler.current(text)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <div className={s.search}>
      <Icon name="search" size={18} className={s.searchIcon} />
      <input
        type="search"
        className={s.searchInput}
        aria-label={label ?? t('list.search')}
        placeholder={label ?? t('list.search')}
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault()
            setText('')
          }
        }}
      />
    </div>
  )
}
