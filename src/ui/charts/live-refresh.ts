export interface Timers {
  now: () => number
  setTimer: (run: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/**
 * Runs `run` at most once every `ms`: a call when the last run is older goes at once, a call
 * sooner waits for the end of the period, and any calls meanwhile fold into that one.
 */
export function throttle(run: () => void, ms: number, timers: Timers = realTimers) {
  let last = -Infinity
  let timer: unknown
  const fire = () => {
    timer = undefined
    last = timers.now()
    run()
  }
  return {
    call() {
      if (timer !== undefined) return
      const wait = last + ms - timers.now()
      if (wait <= 0) fire()
      else timer = timers.setTimer(fire, wait)
    },
    /** Marks a run made another way (a first load, a range switch), so the period starts from it. */
    ran() {
      last = timers.now()
    },
    cancel() {
      if (timer !== undefined) timers.clearTimer(timer)
      timer = undefined
    },
  }
}

/** New heartbeats read the metrics again at most this often. */
export const LIVE_REFRESH_MS = 10_000
const MINUTE_MS = 60_000
/**
 * The server's series count a minute once it has ended and a few seconds more have passed (its
 * rollup's grace), so a heartbeat heard now reaches the charts with the next minute, not at once.
 */
export const FOLDED_AFTER_MS = 8_000

/**
 * When to read a dashboard again as heartbeats are heard: soon (throttled), which brings the
 * status now; and once the minute they fell in is counted, which brings them into the series.
 */
export function liveRefresh(run: () => void, timers: Timers = realTimers) {
  const soon = throttle(run, LIVE_REFRESH_MS, timers)
  let followUp: unknown
  let wanted = -Infinity
  const schedule = (due: number) => {
    followUp = timers.setTimer(
      () => {
        followUp = undefined
        soon.call()
        if (wanted > timers.now()) schedule(wanted)
      },
      Math.max(0, due - timers.now()),
    )
  }
  return {
    /** A heartbeat (or a device's new status) was heard now. */
    heard() {
      soon.call()
      const now = timers.now()
      wanted = Math.max(wanted, Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS + FOLDED_AFTER_MS)
      if (followUp === undefined) schedule(wanted)
    },
    ran: soon.ran,
    cancel() {
      soon.cancel()
      if (followUp !== undefined) timers.clearTimer(followUp)
      followUp = undefined
    },
  }
}
