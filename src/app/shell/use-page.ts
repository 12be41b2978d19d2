import { useEffect, useState } from 'react'
import { setPageLoaded } from '../../stores/ui'
import { PAGE_LOADED_DELAY_MS, PAGE_MIN_HEIGHT_EXTRA } from './constants'

/**
 * The page transition on every location change: back to the top, then
 * `pageLoaded` set again after 500 ms. Answers the page's min height, the window's plus 112 px.
 */
export function usePageTransition(path: string): number | undefined {
  const [minHeight, setMinHeight] = useState<number>()
  useEffect(() => {
    window.scrollTo(0, 0)
    setPageLoaded(false)
    const timer = setTimeout(() => setPageLoaded(true), PAGE_LOADED_DELAY_MS)
    return () => clearTimeout(timer)
  }, [path])
  useEffect(() => {
    const update = () => setMinHeight(window.innerHeight + PAGE_MIN_HEIGHT_EXTRA)
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  return minHeight
}

/** The document title: the page's, then the brand's name. */
export function useDocumentTitle(title: string, brand: string): void {
  useEffect(() => {
    document.title = `${title} | ${brand}`
  }, [title, brand])
}
