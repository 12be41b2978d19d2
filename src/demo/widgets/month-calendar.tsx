import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useId, useMemo } from 'react'
import { $locale } from '../../stores/locale'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { monthGrid, weekdays } from './month'
import s from './widgets-screen.module.css'

/** This month at a glance, weeks from Monday, today marked. It only shows: nothing to pick. */
export function MonthCalendar({ today = new Date() }: { today?: Date }) {
  const t = useT()
  const id = useId()
  const locale = useStore($locale)
  const names = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }),
      short: new Intl.DateTimeFormat(locale, { weekday: 'narrow' }),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long' }),
      day: new Intl.NumberFormat(locale),
    }),
    [locale],
  )
  const weeks = monthGrid(today.getFullYear(), today.getMonth())
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-widgets.calendar.title')}
      </h2>
      <table className={s.month}>
        <caption className={s.monthName}>{names.month.format(today)}</caption>
        <thead>
          <tr>
            {weekdays().map((day) => (
              <th key={day.getDay()} scope="col">
                <span aria-hidden="true">{names.short.format(day)}</span>
                <span className="visually-hidden">{names.long.format(day)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                const isToday = day === today.getDate()
                return (
                  <td key={d} className={clsx(isToday && s.today)} aria-current={isToday ? 'date' : undefined}>
                    {day === null ? '' : names.day.format(day)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
