import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { $locale } from '../../stores/locale'
import { $ui } from '../../stores/ui'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Dialog } from '../../ui/dialog'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import {
  addMonths,
  calendar as defaultCalendar,
  eventsOn,
  fromDay,
  monthOf,
  monthWeeks,
  moveDay,
  today as todayOf,
  weekStartOf,
  type CalendarEvent,
  type CalendarStore,
  type Day,
  type EventDraft,
} from './calendar'
import s from './calendar-screen.module.css'
import { EventForm } from './event-form'
import { formatDate, formatTime, parseDate } from './masks'
import './texts'

/** The dialog's subject: a new event on a day, or an existing one. */
type Editing = { day: Day; event?: CalendarEvent }

const draftOf = ({ day, event }: Editing): EventDraft =>
  event
    ? { title: event.title, date: formatDate(event.date), time: formatTime(event.time), kind: event.kind }
    : { title: '', date: formatDate(day), time: '09:00 AM', kind: 'maintenance' }

/** The month view: a grid of days with their events; a day or an event opens the event dialog. */
export function Calendar({ store, now }: { store: CalendarStore; now: Day }) {
  const t = useT()
  const locale = useStore($locale)
  const rtl = useStore($ui).direction === 'rtl'
  const events = useStore(store.$events)
  const [focused, setFocused] = useState(now)
  const [editing, setEditing] = useState<Editing | null>(null)
  const grid = useRef<HTMLDivElement>(null)
  /** Set when the keyboard or a save moved the focused day, so focus follows it after the render. */
  const follow = useRef(false)

  const start = weekStartOf(locale)
  const weeks = monthWeeks(focused, start)
  const month = monthOf(focused)
  const formats = useMemo(
    () => ({
      title: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }),
      number: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    }),
    [locale],
  )

  useEffect(() => {
    if (!follow.current) return
    follow.current = false
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus()
  })

  const goTo = (day: Day, keyboard = false) => {
    follow.current = keyboard
    setFocused(day)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (!target.dataset.day) return
    const next = moveDay(target.dataset.day, event.key, rtl, start)
    if (!next) return
    event.preventDefault()
    goTo(next, true)
  }
  const close = () => setEditing(null)
  const done = (day: Day) => {
    setEditing(null)
    goTo(day, true)
  }

  return (
    <section className={clsx(card.card, s.card)} aria-labelledby="demo-calendar-month">
      <p className={card.muted}>{t('demo-calendar.intro')}</p>
      <div className={s.toolbar}>
        <h2 id="demo-calendar-month" className={s.month} aria-live="polite">
          {formats.title.format(fromDay(`${month}-01`))}
        </h2>
        <div className={s.nav}>
          <button type="button" className={s.step} aria-label={t('demo-calendar.previous')} onClick={() => goTo(addMonths(focused, -1))}>
            <Icon name="chevron-start" />
          </button>
          <Button variant="secondary" onClick={() => goTo(now)}>
            {t('demo-calendar.today')}
          </Button>
          <button type="button" className={s.step} aria-label={t('demo-calendar.next')} onClick={() => goTo(addMonths(focused, 1))}>
            <Icon name="chevron-end" />
          </button>
        </div>
      </div>
      <div ref={grid} role="grid" aria-labelledby="demo-calendar-month" className={s.grid} onKeyDown={onKeyDown}>
        <div role="row" className={s.row}>
          {weeks[0]!.map((day) => (
            <div key={day} role="columnheader" className={s.weekday}>
              <abbr title={formats.long.format(fromDay(day))}>{formats.short.format(fromDay(day))}</abbr>
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className={s.row}>
            {week.map((day) => {
              const mine = eventsOn(events, day)
              return (
                <div
                  key={day}
                  role="gridcell"
                  className={clsx(s.cell, monthOf(day) !== month && s.outside, day === now && s.today)}
                >
                  <button
                    type="button"
                    className={s.day}
                    data-day={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-label={t('demo-calendar.addOn', { date: formats.day.format(fromDay(day)) })}
                    aria-current={day === now ? 'date' : undefined}
                    onFocus={() => day !== focused && setFocused(day)}
                    onClick={() => setEditing({ day })}
                  >
                    {formats.number.format(fromDay(day))}
                  </button>
                  {mine.length > 0 && (
                    <ul role="list" className={s.events}>
                      {mine.map((event) => (
                        <li key={event.id}>
                          <button
                            type="button"
                            className={clsx(s.event, s[event.kind])}
                            tabIndex={day === focused ? 0 : -1}
                            onClick={() => setEditing({ day, event })}
                          >
                            <span className={s.time}>{formats.time.format(new Date(event.time * 60_000))}</span> {event.title}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <p className={card.muted}>{t('demo-calendar.keys')}</p>
      <Dialog
        open={editing !== null}
        onClose={close}
        title={t(editing?.event ? 'demo-calendar.editEvent' : 'demo-calendar.newEvent')}
        closeLabel={t('demo-calendar.close')}
      >
        {editing && (
          <EventForm
            key={editing.event?.id ?? editing.day}
            draft={draftOf(editing)}
            editing={Boolean(editing.event)}
            onCancel={close}
            onDelete={() => {
              store.remove(editing.event!.id)
              done(editing.day)
            }}
            onSave={(draft) => {
              if (store.save(draft, editing.event?.id)) done(parseDate(draft.date)!)
            }}
          />
        )}
      </Dialog>
    </section>
  )
}

/** The demo page: this month's made-up maintenance windows and firmware rollouts. */
export default function CalendarScreen() {
  return <Calendar store={defaultCalendar} now={todayOf()} />
}
