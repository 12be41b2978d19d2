import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { $ui, setSidebarOpen } from '../../stores/ui'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { DRAWER_WIDTH, NAVIGATION_ID, SWIPE_DISTANCE, SWIPE_EDGE } from './constants'
import s from './drawer.module.css'
import { useAppPath } from './use-shell'

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]')).filter(
    (element) => !element.closest('[hidden]'),
  )

/** Swipes across the page: from the start edge opens the drawer, back towards it closes it. */
function useSwipe(panel: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    let start: { x: number; y: number; opening: boolean } | null = null
    const rtl = () => document.documentElement.dir === 'rtl'
    const across = (touch: Touch) => (start ? (touch.clientX - start.x) * (rtl() ? -1 : 1) : 0)
    const drag = (px: number | null) => {
      const style = panel.current?.style
      if (px === null) style?.removeProperty('--drawer-drag')
      else style?.setProperty('--drawer-drag', `${px}px`)
      if (panel.current) panel.current.dataset.dragging = String(px !== null)
    }
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (!touch || event.touches.length > 1) return
      const fromEdge = rtl() ? window.innerWidth - touch.clientX : touch.clientX
      const open = $ui.get().sidebarOpen
      start = open || fromEdge <= SWIPE_EDGE ? { x: touch.clientX, y: touch.clientY, opening: !open } : null
    }
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (!start || !touch || Math.abs(touch.clientY - start.y) > Math.abs(across(touch))) return
      const dx = across(touch)
      drag(start.opening ? Math.min(DRAWER_WIDTH, Math.max(0, dx)) : Math.max(-DRAWER_WIDTH, Math.min(0, dx)))
    }
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0]
      if (start && touch) {
        const dx = across(touch)
        const sideways = Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(touch.clientY - start.y) < Math.abs(dx)
        if (sideways && start.opening && dx > 0) setSidebarOpen(true)
        if (sideways && !start.opening && dx < 0) setSidebarOpen(false)
      }
      start = null
      drag(null)
    }
    const options = { passive: true }
    document.addEventListener('touchstart', onStart, options)
    document.addEventListener('touchmove', onMove, options)
    document.addEventListener('touchend', onEnd, options)
    document.addEventListener('touchcancel', onEnd, options)
    return () => {
      document.removeEventListener('touchstart', onStart)
      document.removeEventListener('touchmove', onMove)
      document.removeEventListener('touchend', onEnd)
      document.removeEventListener('touchcancel', onEnd)
    }
  }, [panel])
}

/**
 * The navigation on small screens: a 240 px drawer from the start edge over a backdrop. It opens
 * with a swipe from the edge or the header's menu toggle; a tap outside, Esc, a swipe back or
 * choosing an entry closes it. Focus moves in when it opens and back to the toggle when it closes.
 */
export function Drawer({ children }: { children: ReactNode }) {
  const t = useT()
  const { sidebarOpen: open } = useStore($ui)
  const path = useAppPath()
  const panel = useRef<HTMLDivElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const close = () => setSidebarOpen(false)
  useSwipe(panel)

  // The drawer starts closed; the desktop sidebar gets its own state back when the screen widens.
  useLayoutEffect(() => {
    const desktopOpen = $ui.get().sidebarOpen
    return () => setSidebarOpen(desktopOpen)
  }, [])
  // Before paint, so a tap on the menu button in the first frame is not undone by a late effect.
  useLayoutEffect(() => close(), [path])

  // Before paint: a drawer on screen already takes focus and hears Esc (Preact runs effects a frame later).
  useLayoutEffect(() => {
    if (open) {
      returnTo.current = document.activeElement as HTMLElement | null
      const root = panel.current
      if (root) (focusables(root)[0] ?? root).focus()
      const onKey = (event: globalThis.KeyboardEvent) => {
        if (event.key === 'Escape' && !event.defaultPrevented) close()
      }
      document.addEventListener('keydown', onKey)
      return () => document.removeEventListener('keydown', onKey)
    }
    if (returnTo.current) {
      const toggle = document.querySelector<HTMLElement>(`[aria-controls="${NAVIGATION_ID}"]`)
      ;(toggle ?? returnTo.current).focus()
      returnTo.current = null
    }
    return undefined
  }, [open])

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return
    const all = focusables(panel.current)
    const first = all[0]
    const last = all[all.length - 1]
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault()
      ;(event.shiftKey ? last : first)?.focus()
    }
  }

  return (
    <>
      <div className={clsx(s.backdrop, open && s.shown)} onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        id={NAVIGATION_ID}
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.navigation')}
        tabIndex={-1}
        className={clsx(s.panel, open && s.open)}
        onKeyDown={trapFocus}
      >
        <div className={s.top}>
          <button type="button" className={s.close} aria-label={t('shell.closeMenu')} onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <div className={s.body}>{children}</div>
      </div>
    </>
  )
}
