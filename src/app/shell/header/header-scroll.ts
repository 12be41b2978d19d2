import { useEffect, useState } from 'react'

/** Scroll thresholds 30, 40 and 64 px: over each, the header changes. */
export const SCROLL_DARKEN = 30
export const SCROLL_FADE_ACTIONS = 40
export const SCROLL_FIX_HEADER = 64

export interface HeaderScroll {
  /** Over 30 px the header darkens. */
  darkened: boolean
  /** Over 40 px its actions fade. */
  faded: boolean
  /** Over 64 px the attached header becomes fixed. */
  fixed: boolean
}

export const headerScroll = (y: number): HeaderScroll => ({
  darkened: y > SCROLL_DARKEN,
  faded: y > SCROLL_FADE_ACTIONS,
  fixed: y > SCROLL_FIX_HEADER,
})

const same = (a: HeaderScroll, b: HeaderScroll) => a.darkened === b.darkened && a.faded === b.faded && a.fixed === b.fixed

/** The header's state for the page's scroll position, kept in step as the page scrolls. */
export function useHeaderScroll(): HeaderScroll {
  const [state, setState] = useState(() => headerScroll(0))
  useEffect(() => {
    const update = () => {
      const next = headerScroll(window.scrollY)
      setState((current) => (same(current, next) ? current : next))
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return state
}
