// How long the agent waits: between failures (doubling from 1 s to 5 min, with jitter) and at all
// (a pause its stop ends at once).

/** The longest wait after failures. */
export const MAX_BACKOFF_S = 300

/** Seconds to wait after `failures` failures in a row before them: 1, 2, 4 ... 300, each 50-100 %. */
export function backoffSeconds(failures: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_S, 2 ** failures)
  return ceiling * (0.5 + random() * 0.5)
}

/** Waits `ms`, or less when `stop` aborts first. */
export function pause(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      stop.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    stop.addEventListener('abort', done)
  })
}
