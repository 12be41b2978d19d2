/** A counter runs from 0 to its value in 3 s. */
export const COUNTER_DURATION_MS = 3000

/**
 * The number a counter shows `elapsed` ms after it started towards `target`: ease-out (fast at
 * first, settling at the end), rounded to `decimals` places, and `target` itself from 3 s on.
 */
export function counterValue(target: number, elapsed: number, decimals = 0): number {
  const progress = Math.min(Math.max(elapsed / COUNTER_DURATION_MS, 0), 1)
  const eased = 1 - (1 - progress) ** 3
  const scale = 10 ** decimals
  return Math.round(target * eased * scale) / scale
}

/** The frames a counter draws on: the browser's, or a test's that it steps by hand. */
export interface FrameClock {
  now(): number
  request(frame: () => void): number
  cancel(id: number): void
}

export const browserFrames: FrameClock = {
  now: () => performance.now(),
  request: (frame) => requestAnimationFrame(frame),
  cancel: (id) => cancelAnimationFrame(id),
}

/**
 * Shows `target` counted up from 0 over COUNTER_DURATION_MS, one value a frame, through `show`;
 * the last frame shows `target` itself. Answers a function that stops it.
 */
export function animateCount(target: number, show: (value: number) => void, decimals = 0, clock: FrameClock = browserFrames): () => void {
  const start = clock.now()
  let id = 0
  const frame = () => {
    const elapsed = clock.now() - start
    show(counterValue(target, elapsed, decimals))
    if (elapsed < COUNTER_DURATION_MS) id = clock.request(frame)
  }
  id = clock.request(frame)
  return () => clock.cancel(id)
}
