import { useLayoutEffect } from 'react'
import { useLocation } from 'wouter'
import type { Right } from '../contract/rights'

/**
 * The guard's move to home when a screen's right is missing, told rather than silent: home shows a
 * notice naming the screen and the right. The notice is asked for before the move, which unmounts
 * this at once; its words load with it.
 */
export function RefusedRedirect({ to, path, right }: { to: string; path: string; right: Right }) {
  const [, navigate] = useLocation()
  useLayoutEffect(() => {
    // Without the link the move still happens, only unexplained.
    void import('./refused-notice').then(({ tellRefused }) => tellRefused(path, right), () => undefined)
    navigate(to, { replace: true })
  }, [])
  return null
}
