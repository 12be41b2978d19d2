import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Logger } from '../log'

/** A turn of the event loop late by this much or more is logged; `LOOP_DELAY_WARN_MS`. */
export const DEFAULT_LOOP_DELAY_WARN_MS = 200
/** How often the delays seen are looked at (and forgotten). */
const WINDOW_MS = 10_000

export interface LoopDelayWatch {
  stop(): void
}

/**
 * Watches how late the event loop runs: every request of every tenant waits that long. Once a
 * window, when its longest delay reached `warnMs`, one log line says it, with the window's p99, so
 * whatever held the process (a long synchronous read, a CPU-bound request) shows in the log.
 */
export function watchLoopDelay(log: Logger, warnMs = DEFAULT_LOOP_DELAY_WARN_MS, windowMs = WINDOW_MS): LoopDelayWatch {
  const delays = monitorEventLoopDelay({ resolution: 10 })
  delays.enable()
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e6)
  const look = setInterval(() => {
    if (delays.count > 0 && ms(delays.max) >= warnMs) {
      log.info(`Event loop delayed: the longest wait was ${ms(delays.max)} ms, p99 ${ms(delays.percentile(99))} ms, in the last ${windowMs / 1000} s`)
    }
    delays.reset()
  }, windowMs).unref()
  return {
    stop() {
      clearInterval(look)
      delays.disable()
    },
  }
}
