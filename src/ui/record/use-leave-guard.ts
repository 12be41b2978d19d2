import { useEffect, useRef } from 'react'

let guards = 0

/**
 * While `dirty`, leaving asks first: the browser asks before a reload or closing the tab, and Back
 * calls `onBack` instead of leaving. Back is held by one extra history entry of the same address,
 * pushed when the form first changes and taken away again when the form closes.
 */
export function useLeaveGuard(dirty: boolean, onBack: () => void) {
  const guard = useRef<number | null>(null)
  const back = useRef(onBack)
  back.current = onBack

  const arm = () => {
    guard.current = ++guards
    history.pushState({ ...(history.state as object | null), leaveGuard: guard.current }, '', location.href)
  }

  useEffect(() => {
    if (!dirty) return
    if (guard.current === null) arm()
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older engines ask only when a text is returned.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  useEffect(() => {
    const onPop = () => {
      if (guard.current === null || (history.state as { leaveGuard?: number } | null)?.leaveGuard === guard.current) return
      guard.current = null
      back.current()
    }
    window.addEventListener('popstate', onPop)
    return () => {
      window.removeEventListener('popstate', onPop)
      // Closed another way: the extra entry goes, unless the page has moved on from it since.
      if (guard.current !== null && (history.state as { leaveGuard?: number } | null)?.leaveGuard === guard.current) history.back()
      guard.current = null
    }
  }, [])

  /** Holds Back again, after the user chose to stay. */
  return { rearm: () => guard.current === null && arm() }
}
