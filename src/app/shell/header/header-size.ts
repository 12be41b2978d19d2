import { useEffect, type RefObject } from 'react'

/** The CSS variable that holds the header's height, which the page's scroll padding reads. */
export const HEADER_SIZE_VARIABLE = '--header-block-size'

/**
 * Keeps `--header-block-size` on the document equal to the header's height (one row on a desktop,
 * two on a phone, more in a large font), so the keyboard's focus never lands under the header.
 */
export function useHeaderSize(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current
    if (!element) return
    const root = document.documentElement
    const measure = () => root.style.setProperty(HEADER_SIZE_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`)
    measure()
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(HEADER_SIZE_VARIABLE)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEADER_SIZE_VARIABLE)
    }
  }, [header])
}
