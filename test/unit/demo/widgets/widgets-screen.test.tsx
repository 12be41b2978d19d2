import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Carousel } from '../../../../src/demo/widgets/carousel'
import { ClockWidget } from '../../../../src/demo/widgets/clock-widget'
import { Counter } from '../../../../src/demo/widgets/counter'
import { MonthCalendar } from '../../../../src/demo/widgets/month-calendar'
import { Rating, RATING_MAX } from '../../../../src/demo/widgets/rating'
import WidgetsScreen from '../../../../src/demo/widgets/widgets-screen'
import { act, cleanup, fireEvent, page, render } from '../../ui/testing'
import { fakeFrames, fakeTimers } from './fakes'

const originalMatchMedia = window.matchMedia
/** Answers the reduced-motion query as a visitor who asked for less motion (or not). */
const reduceMotion = (reduce: boolean) => {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof matchMedia
}

test.before.each(() => reduceMotion(false))
test.after.each(() => {
  cleanup()
  window.matchMedia = originalMatchMedia
})

const count = (n: number) => n.toLocaleString('en')
const drawn = (element: HTMLElement) => element.querySelector('[data-counter]')!.textContent

test('a counter counts up frame by frame, while assistive tech reads the final number only', () => {
  const frames = fakeFrames()
  const { container } = render(<Counter value={1284} format={count} clock={frames.clock} />)
  assert.is(drawn(container), '0')
  assert.is(container.querySelector('[data-counter]')!.getAttribute('aria-hidden'), 'true')
  assert.is(container.querySelector('.visually-hidden')!.textContent, '1,284')
  act(() => frames.drawAt(0))
  act(() => frames.drawAt(1500))
  assert.is(drawn(container), '1,124')
  act(() => frames.drawAt(3000))
  assert.is(drawn(container), '1,284')
  assert.is(container.querySelector('.visually-hidden')!.textContent, '1,284')
})

test('with less motion asked for, a counter shows its value at once', () => {
  reduceMotion(true)
  const frames = fakeFrames()
  const { container } = render(<Counter value={1284} format={count} clock={frames.clock} />)
  assert.is(drawn(container), '1,284')
  assert.is(frames.waiting, 0, 'no frame asked for')
})

test('the carousel moves with next, previous and its dots, and says which slide shows', () => {
  render(<Carousel timers={fakeTimers().api} />)
  const view = page()
  const shown = () => view.getByRole('group', { name: /of 4/ }).getAttribute('aria-label')
  assert.is(view.getByRole('region', { name: 'Tips for the fleet' }).getAttribute('aria-roledescription'), 'carousel')
  assert.is(shown(), '1 of 4')
  fireEvent.click(view.getByRole('button', { name: 'Next slide' }))
  assert.is(shown(), '2 of 4')
  fireEvent.click(view.getByRole('button', { name: 'Previous slide' }))
  fireEvent.click(view.getByRole('button', { name: 'Previous slide' }))
  assert.is(shown(), '4 of 4')
  fireEvent.click(view.getByRole('button', { name: 'Slide 3' }))
  assert.is(shown(), '3 of 4')
  assert.is(view.getByRole('button', { name: 'Slide 3' }).getAttribute('aria-current'), 'true')
})

test('the carousel moves on every 5000 ms, holds still under the pointer, in focus and once stopped', () => {
  const timers = fakeTimers()
  render(<Carousel timers={timers.api} />)
  const view = page()
  const shown = () => view.getByRole('group', { name: /of 4/ }).getAttribute('aria-label')
  const carousel = view.getByRole('region', { name: 'Tips for the fleet' })
  act(() => timers.advance(4999))
  assert.is(shown(), '1 of 4')
  act(() => timers.advance(1))
  assert.is(shown(), '2 of 4')
  fireEvent.mouseEnter(carousel)
  act(() => timers.advance(15_000))
  assert.is(shown(), '2 of 4', 'held under the pointer')
  fireEvent.mouseLeave(carousel)
  act(() => timers.advance(5000))
  assert.is(shown(), '3 of 4')
  fireEvent.focus(view.getByRole('button', { name: 'Next slide' }))
  act(() => timers.advance(15_000))
  assert.is(shown(), '3 of 4', 'held while focus is in it')
  fireEvent.blur(view.getByRole('button', { name: 'Next slide' }))
  fireEvent.click(view.getByRole('button', { name: 'Stop slide rotation' }))
  act(() => timers.advance(15_000))
  assert.is(shown(), '3 of 4', 'held once stopped')
  fireEvent.click(view.getByRole('button', { name: 'Start slide rotation' }))
  act(() => timers.advance(5000))
  assert.is(shown(), '4 of 4')
})

test('with less motion asked for, the carousel does not move by itself', () => {
  reduceMotion(true)
  const timers = fakeTimers()
  render(<Carousel timers={timers.api} />)
  act(() => timers.advance(15_000))
  assert.is(page().getByRole('group', { name: /of 4/ }).getAttribute('aria-label'), '1 of 4')
  assert.is(timers.pending, 0)
})

test("the month calendar marks today and shows this month's days", () => {
  render(<MonthCalendar today={new Date(2026, 2, 18)} />)
  const view = page()
  assert.ok(view.getByRole('table', { name: 'March 2026' }))
  const today = document.querySelector('[aria-current="date"]')!
  assert.is(today.textContent, '18')
  assert.is(view.getAllByRole('cell').filter((cell) => cell.textContent).length, 31)
  assert.ok(view.getByRole('columnheader', { name: 'Monday' }))
})

test('the clock ticks every second and clears its timer when it goes', () => {
  const intervals: { ms: number; cleared: boolean }[] = []
  const original = { set: window.setInterval, clear: window.clearInterval }
  const runs: (() => void)[] = []
  window.setInterval = ((run: () => void, ms: number) => {
    runs.push(run)
    return intervals.push({ ms, cleared: false })
  }) as unknown as typeof setInterval
  window.clearInterval = ((id: number) => {
    intervals[id - 1]!.cleared = true
  }) as typeof clearInterval
  try {
    let at = new Date(2026, 0, 1, 9, 15, 0)
    const now = () => at
    const { unmount } = render(<ClockWidget now={now} />)
    const time = document.querySelector('time')!
    assert.is(time.textContent, '09:15:00 AM')
    at = new Date(2026, 0, 1, 9, 15, 1)
    act(() => runs[0]!())
    assert.is(time.textContent, '09:15:01 AM')
    assert.equal(intervals, [{ ms: 1000, cleared: false }])
    unmount()
    assert.equal(intervals, [{ ms: 1000, cleared: true }])
  } finally {
    Object.assign(window, { setInterval: original.set, clearInterval: original.clear })
  }
})

test('the rating offers 5 stars as radios and says what was given', () => {
  render(<Rating />)
  const view = page()
  assert.is(RATING_MAX, 5)
  assert.is(view.getAllByRole('radio').length, 5)
  assert.ok(view.getByText('Not rated yet.'))
  fireEvent.click(view.getByRole('radio', { name: '4 of 5 stars' }))
  assert.ok(view.getByText('You gave 4 of 5 stars.'))
})

test('the widgets page shows its counters, trade form, calendar, clock, carousel, rating and marketplace', () => {
  render(<WidgetsScreen />)
  const view = page()
  for (const name of ['Devices online', 'Open tunnels', 'Alerts resolved this week', 'Sites']) assert.ok(view.getByRole('group', { name }), name)
  for (const name of ['Trade', 'This month', 'Clock', 'Rating', 'Marketplace', 'Tips for the fleet']) assert.ok(view.getByRole('region', { name }), name)
})

test('the page says first that its figures are sample data, not the fleet', () => {
  render(<WidgetsScreen />)
  const note = page().getByRole('note', { name: 'Sample data' })
  assert.match(note.textContent ?? '', 'Sample data')
  assert.match(note.textContent ?? '', 'not your fleet')
  assert.is(note.compareDocumentPosition(page().getByRole('group', { name: 'Devices online' })) & Node.DOCUMENT_POSITION_FOLLOWING, Node.DOCUMENT_POSITION_FOLLOWING)
  assert.ok(page().getByRole('region', { name: 'Sample fleet figures' }))
})

test.run()
