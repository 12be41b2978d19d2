import { useEffect, useState } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

/** Whether the visitor asked their system for less motion. */
export const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches

/** The visitor's wish for less motion, followed as it changes. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion)
  useEffect(() => {
    if (typeof matchMedia !== 'function') return
    const query = matchMedia(QUERY)
    const follow = () => setReduced(query.matches)
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
  return reduced
}
