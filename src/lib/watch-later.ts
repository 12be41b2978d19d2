/** The first wait before downloading a watcher's code again, doubled up to the last. */
const FIRST_RETRY_MS = 2_000
const LAST_RETRY_MS = 60_000

/**
 * Starts a watcher whose code loads after the first paint (`load` imports it, `start` runs it and
 * gives its stop). Code that cannot be downloaded (the link or the server gone) is asked for again
 * later, so the watch begins once the link is back; the returned stop ends either.
 */
export function watchLater<M>(load: () => Promise<M>, start: (module: M) => () => void, firstRetryMs = FIRST_RETRY_MS): () => void {
  let stop: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let gone = false
  const attempt = (wait: number) =>
    load().then(
      (module) => {
        if (!gone) stop = start(module)
      },
      () => {
        if (!gone) timer = setTimeout(() => void attempt(Math.min(wait * 2, LAST_RETRY_MS)), wait)
      },
    )
  void attempt(firstRetryMs)
  return () => {
    gone = true
    clearTimeout(timer)
    stop?.()
  }
}
