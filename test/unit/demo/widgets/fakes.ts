import type { Timers } from '../../../../src/demo/widgets/autoplay'
import type { FrameClock } from '../../../../src/demo/widgets/count-up'

/** Frames a test draws by hand, each at the time it sets. */
export function fakeFrames() {
  let now = 0
  let queue: { id: number; frame: () => void }[] = []
  let ids = 0
  const clock: FrameClock = {
    now: () => now,
    request: (frame) => {
      queue.push({ id: ++ids, frame })
      return ids
    },
    cancel: (id) => {
      queue = queue.filter((one) => one.id !== id)
    },
  }
  return {
    clock,
    /** Moves time to `at` ms and draws the frames waiting. */
    drawAt(at: number) {
      now = at
      const due = queue
      queue = []
      for (const one of due) one.frame()
    },
    get waiting() {
      return queue.length
    },
  }
}

/** Timers a test moves by hand, running those that fall due. */
export function fakeTimers() {
  let now = 0
  let timers: { at: number; run: () => void; id: number }[] = []
  let ids = 0
  const api: Timers = {
    setTimer: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++ids })
      return ids
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id)
    },
  }
  return {
    api,
    advance(ms: number) {
      const end = now + ms
      for (;;) {
        const next = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0]
        if (!next) break
        timers = timers.filter((timer) => timer !== next)
        now = next.at
        next.run()
      }
      now = end
    },
    get pending() {
      return timers.length
    },
  }
}
