import { useEffect, useState } from 'react'

/**
 * True from the frame after `ready` turned true. A long screen draws what is seen first (the
 * first rows, the summaries) in its first frame and the rest in the next, so its first useful
 * content is not held back by the work of drawing everything on a slow kiosk.
 */
export function useAfterPaint(ready = true): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    if (!ready || after) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAfter(true), 0)))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready, after])
  return after
}
