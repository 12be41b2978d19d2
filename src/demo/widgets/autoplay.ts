/** The carousel moves on every 5000 ms. */
export const CAROUSEL_AUTOPLAY_MS = 5000

/** The slide after `index`, round to the first after the last. */
export const nextIndex = (index: number, count: number) => (index + 1) % count

/** The slide before `index`, round to the last before the first. */
export const previousIndex = (index: number, count: number) => (index - 1 + count) % count

/** The timers the autoplay runs on: the window's, or a test's that it moves by hand. */
export interface Timers {
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
}

export const realTimers: Timers = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/** Calls `next` every CAROUSEL_AUTOPLAY_MS until the answered function stops it. */
export function autoplay(next: () => void, timers: Timers = realTimers): () => void {
  let timer: unknown
  const wait = () => {
    timer = timers.setTimer(() => {
      next()
      wait()
    }, CAROUSEL_AUTOPLAY_MS)
  }
  wait()
  return () => timers.clearTimer(timer)
}
