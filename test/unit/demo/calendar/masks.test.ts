import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { daysInMonth, formatDate, formatTime, maskDate, maskTime, parseDate, parseTime } from '../../../../src/demo/calendar/masks'

test('the date mask formats DD/MM/YYYY as the digits come, and keeps digits only', () => {
  const typed: Record<string, string> = {
    '': '',
    '2': '2',
    '25': '25',
    '251': '25/1',
    '2511': '25/11',
    '25112': '25/11/2',
    '25112026': '25/11/2026',
    '251120261': '25/11/2026',
    '25/11/2026': '25/11/2026',
    '25/11/20265': '25/11/2026',
    '25.11.2026': '25/11/2026',
    'ab2c5-1x1': '25/11',
    '25/': '25',
    '25/1': '25/1',
  }
  for (const [input, masked] of Object.entries(typed)) assert.is(maskDate(input), masked, JSON.stringify(input))
})

test('deleting a digit takes the slash before it along', () => {
  assert.is(maskDate('25/11/'), '25/11')
  assert.is(maskDate('25/1'), '25/1')
})

test('a date is real or refused: no 31 February, 29 February only in leap years', () => {
  assert.is(parseDate('25/11/2026'), '2026-11-25')
  assert.is(parseDate('01/01/2000'), '2000-01-01')
  assert.is(parseDate('31/12/2026'), '2026-12-31')
  assert.is(parseDate('29/02/2028'), '2028-02-29')
  assert.is(parseDate('29/02/2000'), '2000-02-29', '2000 is a leap year')
  assert.is(parseDate('29/02/2026'), null)
  assert.is(parseDate('29/02/1900'), null, '1900 is not')
  assert.is(parseDate('31/02/2026'), null)
  assert.is(parseDate('31/04/2026'), null)
  assert.is(parseDate('00/01/2026'), null)
  assert.is(parseDate('15/13/2026'), null)
  assert.is(parseDate('15/00/2026'), null)
  assert.is(parseDate('32/01/2026'), null)
  assert.is(parseDate('25/11/026'), null, 'incomplete')
  assert.is(parseDate('25/11'), null)
  assert.is(parseDate('01/01/0999'), null)
  assert.is(parseDate('2026-11-25'), null)
  assert.is(daysInMonth(2026, 2), 28)
  assert.is(daysInMonth(2024, 2), 29)
  assert.is(formatDate('2026-11-05'), '05/11/2026')
})

test('the time mask formats hh:mm and adds AM or PM from an a or a p', () => {
  const typed: Record<string, string> = {
    '': '',
    '0': '0',
    '1': '1',
    '09': '09',
    '093': '09:3',
    '0930': '09:30',
    '0930p': '09:30 PM',
    '0930P': '09:30 PM',
    '0930a': '09:30 AM',
    '0930 pm': '09:30 PM',
    '09:30 AM': '09:30 AM',
    '09:30 AMp': '09:30 PM',
    '093012': '09:30',
    '1245p': '12:45 PM',
    '9': '09',
    '930p': '09:30 PM',
    '5': '05',
    '09p': '09',
    'x1y2z': '12',
  }
  for (const [input, masked] of Object.entries(typed)) assert.is(maskTime(input), masked, JSON.stringify(input))
})

test('deleting back into AM or PM drops it whole, so the field can be emptied', () => {
  assert.is(maskTime('09:30 P', true), '09:30')
  assert.is(maskTime('09:30 A', true), '09:30')
  assert.is(maskTime('09:30 P', false), '09:30 PM', 'typed, a lone p still means PM')
  assert.is(maskTime('09:30 PM', true), '09:30 PM')
  assert.is(maskTime('09:3', true), '09:3')
  assert.is(maskTime('0', true), '0')
})

test('a time is real or refused: hours 01 to 12, minutes 00 to 59, AM or PM', () => {
  assert.is(parseTime('09:30 AM'), 9 * 60 + 30)
  assert.is(parseTime('09:30 PM'), 21 * 60 + 30)
  assert.is(parseTime('12:00 AM'), 0, 'midnight')
  assert.is(parseTime('12:00 PM'), 12 * 60, 'noon')
  assert.is(parseTime('11:59 PM'), 23 * 60 + 59)
  assert.is(parseTime('13:00 PM'), null)
  assert.is(parseTime('00:30 AM'), null)
  assert.is(parseTime('09:60 AM'), null)
  assert.is(parseTime('09:30'), null, 'AM or PM is needed')
  assert.is(parseTime('9:30 AM'), null)
  assert.is(formatTime(21 * 60 + 30), '09:30 PM')
  assert.is(formatTime(0), '12:00 AM')
  assert.is(formatTime(12 * 60 + 5), '12:05 PM')
  for (let minutes = 0; minutes < 24 * 60; minutes += 7) assert.is(parseTime(formatTime(minutes)), minutes)
})

test.run()
