import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  addMonths,
  createCalendar,
  EVENT_TITLE_MAX,
  eventErrors,
  eventFixtures,
  eventsOn,
  monthWeeks,
  moveDay,
  today,
  weekStartOf,
  type EventDraft,
} from '../../../../src/demo/calendar/calendar'

const draft = (overrides: Partial<EventDraft> = {}): EventDraft => ({ title: 'Reboot the core switch', date: '25/11/2026', time: '09:30 PM', kind: 'maintenance', ...overrides })

test('a month is whole weeks from the week start: November 2026 from Monday and from Sunday', () => {
  const monday = monthWeeks('2026-11-18', 1)
  assert.is(monday.length, 6)
  assert.equal(monday[0], ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'])
  assert.equal(monday.at(-1)!.at(-1), '2026-12-06')
  const sunday = monthWeeks('2026-11-18', 0)
  assert.is(sunday.length, 5)
  assert.equal(sunday[0]![0], '2026-11-01')
  assert.equal(sunday.at(-1)!.at(-1), '2026-12-05')
  assert.is(monthWeeks('2027-02-10', 1).length, 4, 'February 2027 starts on a Monday and fills four weeks')
  const saturday = monthWeeks('2026-11-18', 6)
  assert.is(saturday[0]![0], '2026-10-31')
  for (const week of [...monday, ...sunday, ...saturday]) assert.is(week.length, 7)
})

test('the week starts per locale, else on Monday', () => {
  assert.is(weekStartOf('de'), 1)
  assert.is(weekStartOf('en-US'), 0)
  assert.is(weekStartOf('not a locale!'), 1)
})

test('months move within their length: 31 January plus one is the end of February', () => {
  assert.is(addMonths('2026-01-31', 1), '2026-02-28')
  assert.is(addMonths('2028-01-31', 1), '2028-02-29')
  assert.is(addMonths('2026-12-15', 1), '2027-01-15')
  assert.is(addMonths('2026-01-15', -1), '2025-12-15')
})

test('keys move the focused day: arrows by a day (turned round in rtl) or a week, Home and End, pages by a month', () => {
  const day = '2026-11-18'
  assert.is(moveDay(day, 'ArrowRight', false, 1), '2026-11-19')
  assert.is(moveDay(day, 'ArrowLeft', false, 1), '2026-11-17')
  assert.is(moveDay(day, 'ArrowRight', true, 1), '2026-11-17')
  assert.is(moveDay(day, 'ArrowLeft', true, 1), '2026-11-19')
  assert.is(moveDay(day, 'ArrowDown', false, 1), '2026-11-25')
  assert.is(moveDay(day, 'ArrowUp', false, 1), '2026-11-11')
  assert.is(moveDay('2026-11-30', 'ArrowRight', false, 1), '2026-12-01', 'across the end of the month')
  assert.is(moveDay(day, 'Home', false, 1), '2026-11-16')
  assert.is(moveDay(day, 'End', false, 1), '2026-11-22')
  assert.is(moveDay(day, 'Home', false, 0), '2026-11-15')
  assert.is(moveDay(day, 'PageDown', false, 1), '2026-12-18')
  assert.is(moveDay(day, 'PageUp', false, 1), '2026-10-18')
  assert.is(moveDay(day, 'Enter', false, 1), null)
})

test("today is the user's own calendar day", () => {
  assert.is(today(new Date(2026, 10, 25, 23, 59)), '2026-11-25')
  assert.is(today(new Date(2026, 0, 1, 0, 1)), '2026-01-01')
})

test('an event needs a title of at most 64 characters, a real date and a real time', () => {
  assert.equal(eventErrors(draft()), {})
  assert.equal(eventErrors(draft({ title: '  ', date: '', time: '' })), { title: 'validation.required', date: 'validation.required', time: 'validation.required' })
  assert.equal(eventErrors(draft({ title: 'x'.repeat(EVENT_TITLE_MAX) })), {})
  assert.equal(eventErrors(draft({ title: 'x'.repeat(EVENT_TITLE_MAX + 1) })), { title: 'demo-calendar.tooLong' })
  assert.equal(eventErrors(draft({ date: '31/02/2026' })), { date: 'demo-calendar.invalidDate' })
  assert.equal(eventErrors(draft({ date: '25/11' })), { date: 'demo-calendar.invalidDate' })
  assert.equal(eventErrors(draft({ time: '13:30 PM' })), { time: 'demo-calendar.invalidTime' })
  assert.equal(eventErrors(draft({ time: '09:30' })), { time: 'demo-calendar.invalidTime' })
})

test('events are added, edited and deleted; an invalid draft changes nothing', () => {
  const calendar = createCalendar([])
  assert.is(calendar.save(draft({ date: '31/02/2026' })), false)
  assert.equal(calendar.$events.get(), [])
  assert.is(calendar.save(draft({ title: '  Reboot  ' })), true)
  assert.is(calendar.save(draft({ title: 'Earlier', time: '08:00 AM', kind: 'firmware' })), true)
  const [reboot, earlier] = calendar.$events.get()
  assert.equal(reboot, { id: reboot!.id, title: 'Reboot', date: '2026-11-25', time: 21 * 60 + 30, kind: 'maintenance' })
  assert.is.not(reboot!.id, earlier!.id)
  assert.equal(
    eventsOn(calendar.$events.get(), '2026-11-25').map((event) => event.title),
    ['Earlier', 'Reboot'],
    'earliest first',
  )
  assert.is(calendar.save(draft({ title: 'Moved', date: '26/11/2026' }), reboot!.id), true)
  assert.equal(
    eventsOn(calendar.$events.get(), '2026-11-26').map((event) => [event.id, event.title]),
    [[reboot!.id, 'Moved']],
  )
  assert.is(calendar.$events.get().length, 2)
  calendar.remove(earlier!.id)
  assert.equal(
    calendar.$events.get().map((event) => event.title),
    ['Moved'],
  )
})

test('the made-up events fall in the given month and the next, each in its kind', () => {
  const events = eventFixtures('2026-11-25')
  assert.ok(events.filter((event) => event.date.startsWith('2026-11')).length >= 5)
  assert.ok(events.some((event) => event.date.startsWith('2026-12')))
  assert.equal([...new Set(events.map((event) => event.kind))].sort(), ['firmware', 'maintenance'])
  assert.is(new Set(events.map((event) => event.id)).size, events.length)
})

test.run()
