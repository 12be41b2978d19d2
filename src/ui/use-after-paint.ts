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

/**
 * How many of `total` items to draw in full: none in the first frame after `ready`, then `step`
 * more in each frame after, so a long page (the API reference's operation bodies) fills in without
 * holding the main thread for one long task on a slow kiosk.
 */
export function useRevealed(ready: boolean, total: number, step: number): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (!ready || count >= total) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setCount((shown) => Math.min(total, shown + step)), 0)))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready, count, total, step])
  return count
}
