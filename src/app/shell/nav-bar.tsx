import { clsx } from 'clsx'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link } from 'wouter'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { menuLinks, menuText, type MenuItem } from '../menu'
import { DROPDOWN_MAX_HEIGHT_PX, DROPDOWN_OPEN_DELAY_MS } from '../../ui/dropdown'
import { MenuBadge, type Current } from './menu-tree'
import s from './nav-bar.module.css'
import { PresenceMenu } from './presence-menu'
import { useAppPath, useCurrent, useVisibleMenu } from './use-shell'

export interface NavBarProps {
  /** 'dropdown' opens a list under the group; 'mega' one wide panel under the whole bar. */
  variant: 'dropdown' | 'mega'
  panel: (group: MenuItem, current: Current) => ReactNode
}

const focusables = (root: Element | null) => Array.from(root?.querySelectorAll<HTMLElement>('a[href], button') ?? [])

/**
 * The menu as a horizontal bar: links, and groups that open a panel 50 ms after the click.
 * ArrowDown opens a group at its first link, Left and Right move along the bar, Esc closes.
 */
export function NavBar({ variant, panel }: NavBarProps) {
  const t = useT()
  const menu = useVisibleMenu()
  const current = useCurrent(menu)
  const path = useAppPath()
  const [open, setOpen] = useState<string | null>(null)
  const root = useRef<HTMLElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const focusFirst = useRef(false)

  const close = (refocus = false) => {
    clearTimeout(timer.current)
    if (refocus && open) root.current?.querySelector<HTMLElement>(`[aria-controls="nav-panel-${open}"]`)?.focus()
    setOpen(null)
  }
  const show = (key: string, first = false) => {
    clearTimeout(timer.current)
    focusFirst.current = first
    timer.current = setTimeout(() => setOpen(key), DROPDOWN_OPEN_DELAY_MS)
  }

  useEffect(() => () => clearTimeout(timer.current), [])
  // Closes on a change of route only: on mount this would cancel a click that came before the effect ran.
  const shownPath = useRef(path)
  useEffect(() => {
    if (shownPath.current === path) return
    shownPath.current = path
    close()
  }, [path])
  useEffect(() => {
    if (!open) return
    if (focusFirst.current) root.current?.querySelector<HTMLElement>(`#nav-panel-${open} a[href]`)?.focus()
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    const top = Array.from(root.current?.querySelectorAll<HTMLElement>('[data-top]') ?? [])
    const index = top.indexOf(target)
    const rtl = document.documentElement.dir === 'rtl'
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key as 'ArrowRight' | 'ArrowLeft']
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      close(true)
    } else if (step && index >= 0) {
      event.preventDefault()
      top[(index + step + top.length) % top.length]?.focus()
    } else if (event.key === 'ArrowDown' && target.dataset.group) {
      event.preventDefault()
      if (open === target.dataset.group) root.current?.querySelector<HTMLElement>(`#nav-panel-${open} a[href]`)?.focus()
      else show(target.dataset.group, true)
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open && index < 0) {
      const links = focusables(root.current?.querySelector(`#nav-panel-${open}`) ?? null)
      const at = links.indexOf(target)
      event.preventDefault()
      links[(at + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length]?.focus()
    }
  }

  const group = menu.find((item) => item.key === open && item.child)
  return (
    <nav
      ref={root}
      className={clsx(s.root, s[variant])}
      aria-label={t('shell.mainMenu')}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) close()
      }}
    >
      <ul role="list" className={s.bar}>
        {menu.map((item) => {
          const holds = item.child
            ? menuLinks(item.child).some((entry) => entry.link === current.link)
            : item.link === current.link
          return (
            <li key={item.key} className={s.slot}>
              {item.child ? (
                <button
                  type="button"
                  data-top
                  data-group={item.key}
                  className={clsx(s.entry, holds && s.active)}
                  aria-expanded={open === item.key}
                  aria-controls={`nav-panel-${item.key}`}
                  onClick={() => (open === item.key ? close() : show(item.key))}
                >
                  {item.icon && <Icon name={item.icon} />}
                  {menuText(t, item)}
                  <Icon name="chevron-down" size={16} className={clsx(s.chevron, open === item.key && s.turned)} />
                </button>
              ) : (
                <Link
                  href={`~${item.link}`}
                  data-top
                  className={clsx(s.entry, holds && s.active)}
                  aria-current={holds && current.exact ? 'page' : undefined}
                >
                  {item.icon && <Icon name={item.icon} />}
                  {menuText(t, item)}
                  <MenuBadge badge={item.badge} />
                </Link>
              )}
              {group === item && variant === 'dropdown' && (
                <div id={`nav-panel-${item.key}`} className={s.panel} style={{ maxBlockSize: DROPDOWN_MAX_HEIGHT_PX }}>
                  {panel(item, current)}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {group && variant === 'mega' && (
        <div id={`nav-panel-${group.key}`} className={s.panel} style={{ maxBlockSize: DROPDOWN_MAX_HEIGHT_PX }}>
          {panel(group, current)}
        </div>
      )}
      <div className={s.end}>
        <PresenceMenu />
      </div>
    </nav>
  )
}
