import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Calendar } from '../../../../src/demo/calendar/calendar-screen'
import { createCalendar, eventFixtures } from '../../../../src/demo/calendar/calendar'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor, within } from '../../ui/testing'

test.after.each(() => cleanup())

const NOW = '2026-11-18'

const open = () => {
  const store = createCalendar(eventFixtures(NOW))
  render(<Calendar store={store} now={NOW} />)
  return store
}

const month = () => page().getByRole('heading', { level: 2 }).textContent
const day = (name: RegExp) => page().getByRole('button', { name })

test('a month grid of weeks, today marked, moved by the previous, next and today buttons', () => {
  open()
  const grid = page().getByRole('grid', { name: 'November 2026' })
  const rows = within(grid).getAllByRole('row')
  assert.is(rows.length, 1 + 5, 'the weekdays, then five weeks from Sunday in English')
  assert.is(within(grid).getAllByRole('columnheader').length, 7)
  assert.is(within(grid).getAllByRole('gridcell').length, 35)
  const today = grid.querySelector('[aria-current="date"]')!
  assert.is(today.getAttribute('aria-label'), 'Wednesday, November 18, 2026: add an event')
  assert.is(today.getAttribute('tabindex'), '0')
  fireEvent.click(page().getByRole('button', { name: 'Next month' }))
  assert.is(month(), 'December 2026')
  fireEvent.click(page().getByRole('button', { name: 'Next month' }))
  assert.is(month(), 'January 2027')
  fireEvent.click(page().getByRole('button', { name: 'Previous month' }))
  fireEvent.click(page().getByRole('button', { name: 'Previous month' }))
  fireEvent.click(page().getByRole('button', { name: 'Previous month' }))
  assert.is(month(), 'October 2026')
  fireEvent.click(page().getByRole('button', { name: 'Today' }))
  assert.is(month(), 'November 2026')
})

test('the made-up events show in their days', () => {
  open()
  const cell = day(/^Thursday, November 12, 2026/).closest('[role="gridcell"]') as HTMLElement
  assert.equal(
    within(cell)
      .getAllByRole('button')
      .slice(1)
      .map((button) => button.textContent),
    ['2:00 PM Firmware 4.2 rollout: Konstanz relays', '11:00 PM Maintenance window: core switch reboot'],
  )
})

test('arrow keys move between days and across months; focus follows', async () => {
  open()
  const today = day(/^Wednesday, November 18, 2026/)
  today.focus()
  fireEvent.keyDown(today, { key: 'ArrowRight' })
  await waitFor(() => assert.match(document.activeElement!.getAttribute('aria-label')!, /^Thursday, November 19, 2026/))
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
  await waitFor(() => assert.match(document.activeElement!.getAttribute('aria-label')!, /^Thursday, November 26, 2026/))
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
  await waitFor(() => assert.match(document.activeElement!.getAttribute('aria-label')!, /^Thursday, December 3, 2026/))
  assert.is(month(), 'December 2026')
  assert.is(document.activeElement!.getAttribute('tabindex'), '0')
  fireEvent.keyDown(document.activeElement!, { key: 'PageUp' })
  await waitFor(() => assert.match(document.activeElement!.getAttribute('aria-label')!, /^Tuesday, November 3, 2026/))
})

test('a day opens a new event on it; the date and time are masked as typed and checked', async () => {
  const store = open()
  fireEvent.click(day(/^Wednesday, November 25, 2026/))
  const dialog = page().getByRole('dialog', { name: 'New event' })
  const date = within(dialog).getByLabelText('Date (DD/MM/YYYY)') as HTMLInputElement
  const time = within(dialog).getByLabelText('Time (hh:mm AM/PM)') as HTMLInputElement
  assert.is(date.value, '25/11/2026')
  fireEvent.change(date, { target: { value: '3102' } })
  assert.is(date.value, '31/02')
  fireEvent.change(date, { target: { value: '31/022026' } })
  assert.is(date.value, '31/02/2026')
  fireEvent.change(time, { target: { value: '0930p' } })
  assert.is(time.value, '09:30 PM')
  fireEvent.change(time, { target: { value: '09:30 P' } })
  assert.is(time.value, '09:30', 'a backspace into PM takes it away')
  fireEvent.change(time, { target: { value: '09:30 p' } })
  assert.is(time.value, '09:30 PM')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  assert.is(descriptionOf(within(dialog).getByLabelText('Title')), 'Required')
  assert.is(descriptionOf(date), 'No such date: use DD/MM/YYYY')
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Swap the Lisbon modem' } })
  fireEvent.change(date, { target: { value: '2611' } })
  fireEvent.change(date, { target: { value: '26/112026' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(page().queryByRole('dialog'), null))
  const saved = store.$events.get().find((event) => event.title === 'Swap the Lisbon modem')!
  assert.equal([saved.date, saved.time, saved.kind], ['2026-11-26', 21 * 60 + 30, 'maintenance'])
  const cell = day(/^Thursday, November 26, 2026/).closest('[role="gridcell"]') as HTMLElement
  assert.ok(within(cell).getByRole('button', { name: '9:30 PM Swap the Lisbon modem' }))
})

test('an event opens for editing, and can be deleted', async () => {
  const store = open()
  fireEvent.click(page().getByRole('button', { name: '10:00 PM Maintenance window: Lisbon uplink' }))
  const dialog = page().getByRole('dialog', { name: 'Edit event' })
  assert.is((within(dialog).getByLabelText('Title') as HTMLInputElement).value, 'Maintenance window: Lisbon uplink')
  assert.is((within(dialog).getByLabelText('Date (DD/MM/YYYY)') as HTMLInputElement).value, '03/11/2026')
  assert.is((within(dialog).getByLabelText('Time (hh:mm AM/PM)') as HTMLInputElement).value, '10:00 PM')
  assert.is((within(dialog).getByLabelText('Title') as HTMLInputElement).maxLength, 64)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
  await waitFor(() => assert.is(page().queryByRole('dialog'), null))
  assert.is(page().queryByRole('button', { name: /Lisbon uplink/ }), null)
  assert.not.ok(store.$events.get().some((event) => event.id === 'e1'))
})

test.run()
