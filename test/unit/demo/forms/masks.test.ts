import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { daysInMonth, isValidDate, isValidTime, maskDate, maskTime, readDateTime } from '../../../../src/demo/forms/masks'

/** What the field shows after each key, typed one after another into the mask. */
const typeInto = (mask: (typed: string) => string, keys: string) => {
  const shown: string[] = []
  let value = ''
  for (const key of keys) shown.push((value = mask(value + key)))
  return shown
}

test('the date mask adds the slashes as the digits come, DD/MM/YYYY', () => {
  assert.equal(typeInto(maskDate, '31012026'), ['3', '31', '31/0', '31/01', '31/01/2', '31/01/20', '31/01/202', '31/01/2026'])
})

test('the date mask keeps digits only and stops at eight', () => {
  assert.is(maskDate('12a0-3.2026'), '12/03/2026')
  assert.is(maskDate('12/03/20261999'), '12/03/2026')
  assert.is(maskDate('abc'), '')
  assert.is(maskDate(''), '')
  assert.equal(typeInto(maskDate, '1x2/'), ['1', '1', '12', '12'], 'letters and typed slashes change nothing')
})

test('Backspace over a slash of the date takes it away and the digit before it stays', () => {
  assert.is(maskDate('12/'), '12')
  assert.is(maskDate('12/03/'), '12/03')
  assert.is(maskDate('12/03/202'), '12/03/202')
})

test('the time mask adds the colon, stops at four digits and takes AM or PM from a typed a or p', () => {
  assert.equal(typeInto(maskTime, '0930p'), ['0', '09', '09:3', '09:30', '09:30 PM'])
  assert.equal(typeInto(maskTime, '1145A'), ['1', '11', '11:4', '11:45', '11:45 AM'])
  assert.is(maskTime('123456'), '12:34')
  assert.is(maskTime('12:30 PMa'), '12:30 AM', 'the last letter typed wins')
  assert.is(maskTime('12:3 PM0'), '12:30 PM', 'a digit typed after the suffix goes before it')
  assert.is(maskTime('12:30 PMx'), '12:30 PM')
  assert.is(maskTime('p'), '', 'no suffix without a time')
  assert.is(maskTime(''), '')
})

test('Backspace at the end of the time takes the whole AM or PM, then the digits', () => {
  assert.is(maskTime('12:30 P'), '12:30')
  assert.is(maskTime('12:30 a'), '12:30')
  assert.is(maskTime('12:3'), '12:3')
  assert.is(maskTime('12:'), '12')
})

test('a date is valid only when the day exists: 31/02/2026 is not, 29/02 only in a leap year', () => {
  for (const date of ['01/01/2026', '31/01/2026', '28/02/2026', '29/02/2024', '29/02/2000', '30/04/2026', '31/12/9999', '01/01/0001'])
    assert.ok(isValidDate(date), date)
  for (const date of ['31/02/2026', '29/02/2026', '29/02/1900', '31/04/2026', '00/01/2026', '01/00/2026', '01/13/2026', '32/01/2026', '01/01/0000', '1/1/2026', '01/01/26', '01-01-2026', ''])
    assert.not.ok(isValidDate(date), date)
  assert.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2026, month)), [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
})

test('a time is valid only on a 12-hour clock: 13:00 is not, nor 00:30', () => {
  for (const time of ['01:00 AM', '12:00 PM', '12:59 AM', '09:30 PM']) assert.ok(isValidTime(time), time)
  for (const time of ['13:00 PM', '13:00 AM', '00:30 AM', '12:60 PM', '12:00', '9:30 PM', '09:30 pm', '09:30PM', ''])
    assert.not.ok(isValidTime(time), time)
})

test('a valid date and time read as one moment; 12 AM is midnight and 12 PM noon', () => {
  assert.is(readDateTime('13/03/2026', '09:30 PM')?.toISOString(), '2026-03-13T21:30:00.000Z')
  assert.is(readDateTime('29/02/2024', '12:05 AM')?.toISOString(), '2024-02-29T00:05:00.000Z')
  assert.is(readDateTime('01/01/2026', '12:00 PM')?.toISOString(), '2026-01-01T12:00:00.000Z')
  assert.is(readDateTime('01/01/0050', '01:00 AM')?.getUTCFullYear(), 50, 'not 1950')
  assert.is(readDateTime('31/02/2026', '09:30 PM'), null)
  assert.is(readDateTime('13/03/2026', '13:30 PM'), null)
})

test.run()
