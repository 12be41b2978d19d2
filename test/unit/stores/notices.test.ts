import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { $notice, closeNotice, hideAfter, holdNotice, notify, type Notice } from '../../../src/stores/notices'

interface Scheduled {
  run: () => void
  ms: number
  cleared: boolean
}

/** Replaces the timer functions: timeouts are recorded and run by hand. */
function fakeTimers() {
  const original = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout }
  const scheduled: Scheduled[] = []
  globalThis.setTimeout = ((run: () => void, ms: number) => {
    scheduled.push({ run, ms, cleared: false })
    return scheduled.length
  }) as unknown as typeof setTimeout
  globalThis.clearTimeout = ((id: number) => {
    const entry = scheduled[id - 1]
    if (entry) entry.cleared = true
  }) as typeof clearTimeout
  return {
    scheduled,
    /** Runs every timeout not cleared, as if its time had come. */
    elapse: () => scheduled.filter((entry) => !entry.cleared).forEach((entry) => entry.run()),
    restore: () => Object.assign(globalThis, original),
  }
}

let timers: ReturnType<typeof fakeTimers>
let seen: (Notice | null)[]
let stop: () => void

test.before.each(() => {
  timers = fakeTimers()
  closeNotice()
  seen = []
  stop = $notice.listen((notice) => seen.push(notice && { ...notice }))
})
test.after.each(() => {
  stop()
  timers.restore()
})

test('waits 3000 ms for success and info, 4000 ms for warning and error', () => {
  assert.equal(
    (['success', 'info', 'warning', 'error'] as const).map(hideAfter),
    [3000, 3000, 4000, 4000],
  )
})

test('shows a notice, then hides it when its time has come', () => {
  const id = notify('success', 'Saved')
  assert.equal($notice.get(), { id, variant: 'success', message: 'Saved' })
  assert.equal(
    timers.scheduled.map(({ ms }) => ms),
    [3000],
  )
  timers.elapse()
  assert.is($notice.get(), null)
  assert.equal(seen, [{ id, variant: 'success', message: 'Saved' }, null])
})

test('an error stays 4000 ms', () => {
  notify('error', 'Failed')
  assert.equal(
    timers.scheduled.map(({ ms }) => ms),
    [4000],
  )
})

test('a newer notice replaces the older and its timer', () => {
  const first = notify('info', 'One')
  const second = notify('warning', 'Two')
  assert.is.not(first, second)
  assert.equal(
    timers.scheduled.map(({ ms, cleared }) => [ms, cleared]),
    [
      [3000, true],
      [4000, false],
    ],
  )
  timers.elapse()
  assert.equal(seen, [{ id: first, variant: 'info', message: 'One' }, { id: second, variant: 'warning', message: 'Two' }, null])
})

test('a notice hovered or focused stays; let go, it gets its whole time again', () => {
  const id = notify('success', 'Saved')
  holdNotice(true)
  timers.elapse()
  assert.equal($notice.get(), { id, variant: 'success', message: 'Saved' })
  holdNotice(false)
  assert.equal(
    timers.scheduled.map(({ ms, cleared }) => [ms, cleared]),
    [
      [3000, true],
      [3000, false],
    ],
  )
  timers.elapse()
  assert.is($notice.get(), null)
})

test('a notice arriving while the bar is held waits too', () => {
  holdNotice(true)
  notify('error', 'Failed')
  timers.elapse()
  assert.is($notice.get()?.message, 'Failed')
  holdNotice(false)
  timers.elapse()
  assert.is($notice.get(), null)
})

test('closeNotice hides it at once and stops its timer', () => {
  notify('info', 'Hello')
  closeNotice()
  assert.is($notice.get(), null)
  assert.ok(timers.scheduled[0]?.cleared)
})

test.run()
