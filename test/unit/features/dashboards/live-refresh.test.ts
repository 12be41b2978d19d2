import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FOLDED_AFTER_MS, LIVE_REFRESH_MS, liveRefresh, throttle, type Timers } from '../../../../src/ui/charts/live-refresh'

/** A clock the test moves by hand, running the timers that fall due. */
function fakeTimers(start: number) {
  let now = start
  let timers: { at: number; run: () => void; id: number }[] = []
  let ids = 0
  const api: Timers = {
    now: () => now,
    setTimer: (run, ms) => {
      const id = ++ids
      timers.push({ at: now + ms, run, id })
      return id
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

test('runs at once, then at most once a period, folding the calls in between', () => {
  const clock = fakeTimers(1_000_000)
  const runs: number[] = []
  const throttled = throttle(() => runs.push(clock.api.now()), LIVE_REFRESH_MS, clock.api)
  throttled.call()
  clock.advance(1000)
  throttled.call()
  throttled.call()
  clock.advance(3000)
  throttled.call()
  clock.advance(20_000)
  assert.equal(runs, [1_000_000, 1_010_000])
})

test('counts a load made another way as a run', () => {
  const clock = fakeTimers(0)
  const runs: number[] = []
  const throttled = throttle(() => runs.push(clock.api.now()), LIVE_REFRESH_MS, clock.api)
  throttled.ran()
  clock.advance(4000)
  throttled.call()
  clock.advance(10_000)
  assert.equal(runs, [10_000])
})

test('reads again soon after a heartbeat, and once its minute is counted', () => {
  // 12:00:20 on some day: the minute of the heartbeat is counted from 12:01:00 plus the grace.
  const start = Date.UTC(2030, 0, 1, 12, 0, 20)
  const clock = fakeTimers(start)
  const runs: number[] = []
  const refresh = liveRefresh(() => runs.push(clock.api.now() - start), clock.api)
  refresh.heard()
  clock.advance(5000)
  refresh.heard()
  clock.advance(120_000)
  assert.equal(runs, [0, LIVE_REFRESH_MS, 40_000 + FOLDED_AFTER_MS])
})

test('follows a stream of heartbeats minute by minute, never more than once a period', () => {
  const start = Date.UTC(2030, 0, 1, 12, 0, 0)
  const clock = fakeTimers(start)
  const runs: number[] = []
  const refresh = liveRefresh(() => runs.push(clock.api.now() - start), clock.api)
  for (let i = 0; i < 12; i++) {
    refresh.heard()
    clock.advance(15_000)
  }
  clock.advance(120_000)
  const gaps = runs.slice(1).map((at, i) => at - runs[i]!)
  assert.ok(gaps.every((gap) => gap >= LIVE_REFRESH_MS), String(gaps))
  // Each minute with heartbeats is read again once it is counted, within a period of that.
  for (const minute of [1, 2, 3]) {
    const counted = minute * 60_000 + FOLDED_AFTER_MS
    assert.ok(runs.some((at) => at >= counted && at <= counted + LIVE_REFRESH_MS), `${minute}: ${runs}`)
  }
  // The last heartbeat (at 2:45) is read once its minute is counted, with no heartbeat after it.
  assert.is(runs[runs.length - 1], 3 * 60_000 + FOLDED_AFTER_MS)
})

test('stops every timer when cancelled', () => {
  const clock = fakeTimers(0)
  const runs: number[] = []
  const refresh = liveRefresh(() => runs.push(clock.api.now()), clock.api)
  refresh.heard()
  refresh.heard()
  refresh.cancel()
  assert.is(clock.pending, 0)
  clock.advance(200_000)
  assert.equal(runs, [0])
})

test.run()
