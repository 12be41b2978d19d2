import { atom } from 'nanostores'
import { parseDate, parseTime } from './masks'

/** A day as 'YYYY-MM-DD'; the calendar counts in UTC, so no time zone moves a day. */
export type Day = string

export const fromDay = (day: Day) => new Date(`${day}T00:00:00Z`)
export const toDay = (date: Date): Day => date.toISOString().slice(0, 10)
/** Today on the user's own clock. */
export const today = (now = new Date()): Day => toDay(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())))

export const addDays = (day: Day, n: number): Day => {
  const date = fromDay(day)
  date.setUTCDate(date.getUTCDate() + n)
  return toDay(date)
}

/** The same day `n` months on, kept inside the month: 31 January plus one month is 28 or 29 February. */
export function addMonths(day: Day, n: number): Day {
  const date = fromDay(day)
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), last))
  return toDay(target)
}

export const monthOf = (day: Day) => day.slice(0, 7)
const weekday = (day: Day) => fromDay(day).getUTCDay()

/**
 * The first day of the week in `locale` (0 Sunday to 6 Saturday), as the browser's locale data
 * says (Sunday in the US, Saturday in much of the Arab world), else Monday.
 */
export function weekStartOf(locale: string): number {
  try {
    const tag = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } }
    const first = (tag.getWeekInfo?.() ?? tag.weekInfo)?.firstDay
    return first ? first % 7 : 1
  } catch {
    return 1
  }
}

/** The first day of the week that holds `day`. */
export const weekStart = (day: Day, start: number) => addDays(day, -((weekday(day) - start + 7) % 7))

/** The month of `day` as whole weeks, from the week of its first day to that of its last (4 to 6 rows). */
export function monthWeeks(day: Day, start: number): Day[][] {
  const first = `${monthOf(day)}-01`
  const last = addDays(addMonths(first, 1), -1)
  const weeks: Day[][] = []
  for (let from = weekStart(first, start); from <= last; from = addDays(from, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(from, i)))
  return weeks
}

/**
 * Where a key moves the focused day in the grid: the arrows by a day (following the reading
 * direction, so in rtl the left arrow goes forward) or a week, Home and End to the week's ends,
 * Page Up and Page Down by a month. Null for any other key.
 */
export function moveDay(day: Day, key: string, rtl: boolean, start: number): Day | null {
  switch (key) {
    case 'ArrowRight':
      return addDays(day, rtl ? -1 : 1)
    case 'ArrowLeft':
      return addDays(day, rtl ? 1 : -1)
    case 'ArrowDown':
      return addDays(day, 7)
    case 'ArrowUp':
      return addDays(day, -7)
    case 'Home':
      return weekStart(day, start)
    case 'End':
      return addDays(weekStart(day, start), 6)
    case 'PageDown':
      return addMonths(day, 1)
    case 'PageUp':
      return addMonths(day, -1)
    default:
      return null
  }
}

export type EventKind = 'maintenance' | 'firmware'
export const EVENT_KINDS: readonly EventKind[] = ['maintenance', 'firmware']
/** An event's title holds at most 64 characters, like a task's. */
export const EVENT_TITLE_MAX = 64

export interface CalendarEvent {
  id: string
  title: string
  date: Day
  /** Minutes since midnight. */
  time: number
  kind: EventKind
}

/** The event dialog's fields as typed: the date as DD/MM/YYYY, the time as hh:mm AM/PM. */
export interface EventDraft {
  title: string
  date: string
  time: string
  kind: string
  [field: string]: string
}

/** Each field's problem as a locale key; a valid draft has none. */
export function eventErrors(draft: EventDraft): Partial<Record<keyof EventDraft, string>> {
  const errors: Partial<Record<keyof EventDraft, string>> = {}
  const title = draft.title.trim()
  if (!title) errors.title = 'validation.required'
  else if (title.length > EVENT_TITLE_MAX) errors.title = 'demo-calendar.tooLong'
  if (!draft.date) errors.date = 'validation.required'
  else if (!parseDate(draft.date)) errors.date = 'demo-calendar.invalidDate'
  if (!draft.time) errors.time = 'validation.required'
  else if (parseTime(draft.time) === null) errors.time = 'demo-calendar.invalidTime'
  return errors
}

/** The event a valid draft makes (with the id given), or null. */
export function eventOf(draft: EventDraft, id: string): CalendarEvent | null {
  const date = parseDate(draft.date)
  const time = parseTime(draft.time)
  if (Object.keys(eventErrors(draft)).length || date === null || time === null) return null
  return { id, title: draft.title.trim(), date, time, kind: draft.kind === 'firmware' ? 'firmware' : 'maintenance' }
}

/** A day's events, earliest first. */
export const eventsOn = (events: readonly CalendarEvent[], day: Day) => events.filter((event) => event.date === day).sort((a, b) => a.time - b.time)

/** Made-up events around `day`'s month, so the current month is never empty. */
export function eventFixtures(day: Day): CalendarEvent[] {
  const month = monthOf(day)
  const next = monthOf(addMonths(`${month}-01`, 1))
  const at = (id: string, date: string, hour: number, title: string, kind: EventKind): CalendarEvent => ({ id, title, date, time: hour * 60, kind })
  return [
    at('e1', `${month}-03`, 22, 'Maintenance window: Lisbon uplink', 'maintenance'),
    at('e2', `${month}-08`, 9, 'Firmware 4.2 rollout: Berlin gateways', 'firmware'),
    at('e3', `${month}-12`, 14, 'Firmware 4.2 rollout: Konstanz relays', 'firmware'),
    at('e4', `${month}-12`, 23, 'Maintenance window: core switch reboot', 'maintenance'),
    at('e5', `${month}-19`, 6, 'Maintenance window: Aalborg wind farm', 'maintenance'),
    at('e6', `${month}-24`, 10, 'Firmware 4.3 canary: ten kiosks', 'firmware'),
    at('e7', `${next}-02`, 11, 'Firmware 4.3 rollout: all cameras', 'firmware'),
    at('e8', `${next}-15`, 21, 'Maintenance window: Nairobi ground station', 'maintenance'),
  ]
}

/** The calendar's events, kept in this tab only, and their moves. */
export function createCalendar(initial: readonly CalendarEvent[]) {
  const $events = atom<readonly CalendarEvent[]>(initial.map((event) => ({ ...event })))
  let next = initial.length
  return {
    $events,
    /** Adds the event of a valid draft, or replaces the one with `id`; answers whether it did. */
    save(draft: EventDraft, id?: string): boolean {
      const events = $events.get()
      let key = id
      if (!key) do key = `e${++next}`
      while (events.some((event) => event.id === key))
      const event = eventOf(draft, key)
      if (!event) return false
      $events.set(id ? events.map((old) => (old.id === id ? event : old)) : [...events, event])
      return true
    },
    remove(id: string): void {
      $events.set($events.get().filter((event) => event.id !== id))
    },
  }
}

export type CalendarStore = ReturnType<typeof createCalendar>

/** The demo page's calendar: it lives as long as the tab. */
export const calendar = createCalendar(eventFixtures(today()))
