import { useEffect, useRef, useState } from 'react'

/** Whether the focus is in an open dialog: one the new screen opened itself (`?new=1`) keeps it. */
const inDialog = () => {
  const active = document.activeElement
  return active instanceof HTMLElement && active.isConnected && active.closest('[role="dialog"][aria-modal="true"]') !== null
}

/**
 * A move to another screen (a link, the palette, Back) puts the focus on the new screen's main
 * heading, so the keyboard goes on from there rather than from the page's start, and says the
 * screen's title politely. The first screen shown is left as it loads.
 */
export function useRouteFocus(path: string, title: string) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [announced, setAnnounced] = useState('')
  const shown = useRef(path)
  const latestTitle = useRef(title)
  latestTitle.current = title

  useEffect(() => {
    if (shown.current === path) return
    shown.current = path
    setAnnounced(latestTitle.current)
    if (!inDialog()) heading.current?.focus({ preventScroll: true })
  }, [path])

  return { heading, announced }
}

/**
 * Gives the focus back after an overlay closed, when it had nowhere to go (the guide opened on a
 * first visit, a menu's item gone with its menu): to the screen's main heading.
 */
export function focusMainHeading(): void {
  const active = document.activeElement
  if (active && active !== document.body && active.isConnected) return
  document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true })
}
