import '../setup'
import { useLayoutEffect } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Age, ageParts } from '../../../src/ui/age'
import '../../../src/ui/console-texts'
import { act, cleanup, page, render } from './testing'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A clock moved by hand and the intervals started meanwhile, run by hand. */
const clock = { now: Date.now() }
let intervals: { run: () => void; ms: number; cleared: boolean }[] = []
const original = { now: Date.now, setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval }

test.before.each(() => {
  intervals = []
  Date.now = () => clock.now
  globalThis.setInterval = ((run: () => void, ms: number) => {
    intervals.push({ run, ms, cleared: false })
    return intervals.length
  }) as unknown as typeof setInterval
  globalThis.clearInterval = ((id: number) => {
    const entry = intervals[id - 1]
    if (entry) entry.cleared = true
  }) as typeof clearInterval
})
test.after.each(() => {
  cleanup()
  Object.assign(Date, { now: original.now })
  Object.assign(globalThis, { setInterval: original.setInterval, clearInterval: original.clearInterval })
})

/** Moves the clock on by `ms` and lets every running interval tick once. */
const tick = (ms: number) =>
  act(() => {
    clock.now += ms
    intervals.filter((entry) => !entry.cleared).forEach((entry) => entry.run())
  })

const iso = (ms: number) => new Date(ms).toISOString()

test('reads anything under 5 s either way as now', () => {
  assert.equal(
    [0, 4999, -4999].map(ageParts),
    [
      { key: 'time.now', n: 0 },
      { key: 'time.now', n: 0 },
      { key: 'time.now', n: 0 },
    ],
  )
})

test('reads a past moment in the largest whole unit', () => {
  assert.equal(
    [5000, 59_999, MINUTE, HOUR - 1, HOUR, DAY - 1, DAY, 3 * DAY + 5 * HOUR].map(ageParts),
    [
      { key: 'time.seconds', n: 5 },
      { key: 'time.seconds', n: 59 },
      { key: 'time.minutes', n: 1 },
      { key: 'time.minutes', n: 59 },
      { key: 'time.hours', n: 1 },
      { key: 'time.hours', n: 23 },
      { key: 'time.days', n: 1 },
      { key: 'time.days', n: 3 },
    ],
  )
})

test('reads a future moment as in so long', () => {
  assert.equal(
    [-5000, -MINUTE, -2 * HOUR, -5 * DAY].map(ageParts),
    [
      { key: 'time.inSeconds', n: 5 },
      { key: 'time.inMinutes', n: 1 },
      { key: 'time.inHours', n: 2 },
      { key: 'time.inDays', n: 5 },
    ],
  )
})

test('shows how long ago a moment was', () => {
  clock.now += MINUTE
  render(<Age at={iso(clock.now - 12 * SECOND)} />)
  const age = page().getByText('12 s ago')
  assert.is(age.tagName, 'TIME')
  assert.is(age.getAttribute('datetime'), iso(clock.now - 12 * SECOND))
})

test('shows never for no moment', () => {
  render(<Age at={null} />)
  assert.ok(page().getByText('never'))
})

test('ticks once a second without rendering its parent again', () => {
  clock.now += MINUTE
  const renders: string[] = []
  const at = iso(clock.now - 12 * SECOND)
  function Row() {
    renders.push('row')
    return (
      <p>
        Updated <Age at={at} />
      </p>
    )
  }
  render(<Row />)
  assert.ok(page().getByText('12 s ago'))
  assert.equal(
    intervals.map(({ ms }) => ms),
    [1000],
  )
  tick(SECOND)
  assert.ok(page().getByText('13 s ago'))
  tick(50 * SECOND)
  assert.ok(page().getByText('1 min ago'))
  assert.equal(renders, ['row'])
})

test('shares one clock between ages and stops it when the last one goes', () => {
  clock.now += MINUTE
  const view = render(
    <>
      <Age at={iso(clock.now - 12 * SECOND)} />
      <Age at={iso(clock.now - 30 * SECOND)} />
    </>,
  )
  assert.equal(
    intervals.map(({ cleared }) => cleared),
    [false],
  )
  tick(SECOND)
  assert.ok(page().getByText('13 s ago'))
  assert.ok(page().getByText('31 s ago'))
  view.unmount()
  assert.equal(
    intervals.map(({ cleared }) => cleared),
    [true],
  )
})

test('shows the right age on its first paint after no age was shown for a while', () => {
  // No age on screen for ten minutes: the shared clock has not ticked since.
  clock.now += 10 * MINUTE
  const painted: (string | null)[] = []
  /** Reads what the age shows in the commit that first puts it on screen, before the browser paints. */
  function Paint() {
    useLayoutEffect(() => {
      painted.push(document.querySelector('time')?.textContent ?? null)
    }, [])
    return null
  }
  render(
    <>
      <Age at={iso(clock.now - 12 * SECOND)} />
      <Paint />
    </>,
  )
  assert.equal(painted, ['12 s ago'])
})

test.run()
