import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { autoplay, CAROUSEL_AUTOPLAY_MS, nextIndex, previousIndex } from '../../../../src/demo/widgets/autoplay'
import { handAngles } from '../../../../src/demo/widgets/clock'
import { animateCount, COUNTER_DURATION_MS, counterValue } from '../../../../src/demo/widgets/count-up'
import { monthGrid, weekdays } from '../../../../src/demo/widgets/month'
import { fakeFrames, fakeTimers } from './fakes'

test('the counter animation takes 3 s and the carousel moves on every 5000 ms (SPEC.md section 9)', () => {
  assert.is(COUNTER_DURATION_MS, 3000)
  assert.is(CAROUSEL_AUTOPLAY_MS, 5000)
})

test('a counter shows 0 at the start, 87.5 % eased at 1.5 s, its value at 3 s and after', () => {
  assert.is(counterValue(1000, 0), 0)
  assert.is(counterValue(1000, 1500), 875)
  assert.is(counterValue(1000, 3000), 1000)
  assert.is(counterValue(1000, 4500), 1000)
  assert.is(counterValue(1000, -20), 0)
  // A rate counts in tenths.
  assert.is(counterValue(17.9, 1500, 1), 15.7)
  assert.is(counterValue(17.9, 3000, 1), 17.9)
})

test('a count shows one value a frame, stops on its value at 3 s and can be stopped', () => {
  const frames = fakeFrames()
  const shown: number[] = []
  animateCount(1000, (value) => shown.push(value), 0, frames.clock)
  for (const at of [0, 1500, 2999, 3000]) frames.drawAt(at)
  assert.equal(shown, [0, 875, 1000, 1000])
  assert.is(frames.waiting, 0, 'no frame asked for after the last')
  const stopped: number[] = []
  const stop = animateCount(500, (value) => stopped.push(value), 0, frames.clock)
  frames.drawAt(4000)
  stop()
  frames.drawAt(5500)
  assert.equal(stopped, [352], "1 s in, then nothing more")
})

test('the next slide after the last is the first; the one before the first is the last', () => {
  assert.is(nextIndex(0, 4), 1)
  assert.is(nextIndex(3, 4), 0)
  assert.is(previousIndex(1, 4), 0)
  assert.is(previousIndex(0, 4), 3)
})

test('autoplay moves on at 5000 ms, not before, again every 5000 ms, and never once stopped', () => {
  const timers = fakeTimers()
  let moves = 0
  const stop = autoplay(() => moves++, timers.api)
  timers.advance(4999)
  assert.is(moves, 0)
  timers.advance(1)
  assert.is(moves, 1)
  timers.advance(10_000)
  assert.is(moves, 3)
  stop()
  assert.is(timers.pending, 0)
  timers.advance(20_000)
  assert.is(moves, 3)
})

test('a month grid starts its weeks on Monday, padded with blanks', () => {
  // March 2026 begins on a Sunday and has 31 days.
  const weeks = monthGrid(2026, 2)
  assert.is(weeks.length, 6)
  assert.equal(weeks[0], [null, null, null, null, null, null, 1])
  assert.equal(weeks[5], [30, 31, null, null, null, null, null])
  assert.ok(weeks.every((week) => week.length === 7))
  // February 2021 begins on a Monday and fills four weeks exactly.
  assert.equal(monthGrid(2021, 1).flat(), Array.from({ length: 28 }, (_, i) => i + 1))
  assert.equal(monthGrid(2026, 2, 0)[0], [1, 2, 3, 4, 5, 6, 7])
  assert.equal(
    weekdays().map((day) => day.getDay()),
    [1, 2, 3, 4, 5, 6, 0],
  )
})

test("the clock's hands point clockwise from 12, the hour and minute hands creeping", () => {
  assert.equal(handAngles(new Date(2026, 0, 1, 0, 0, 0)), { hour: 0, minute: 0, second: 0 })
  assert.equal(handAngles(new Date(2026, 0, 1, 15, 30, 0)), { hour: 105, minute: 180, second: 0 })
  assert.equal(handAngles(new Date(2026, 0, 1, 9, 0, 45)), { hour: 270.375, minute: 4.5, second: 270 })
})

test.run()
