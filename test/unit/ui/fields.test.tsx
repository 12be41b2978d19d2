import '../setup'
import { useState } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Checkbox, TextField } from '../../../src/ui/fields'
import { Select } from '../../../src/ui/select'
import { TextArea } from '../../../src/ui/text-area'
import { cleanup, descriptionOf, fireEvent, page, render } from './testing'

test.after.each(() => cleanup())

/** A text field of at most `max` characters, holding what is typed. */
function renderLimited(max: number, start = '') {
  function Field() {
    const [value, setValue] = useState(start)
    return <TextField label="Name" name="name" value={value} onChange={setValue} maxLength={max} />
  }
  render(<Field />)
  const input = page().getByLabelText('Name') as HTMLInputElement
  return { input, type: (value: string) => fireEvent.change(input, { target: { value } }) }
}

const counterOf = () => document.querySelector('[data-counter]')

test('shows no counter while a limited field is far from its limit', () => {
  const { input, type } = renderLimited(120)
  type('a'.repeat(95))
  assert.is(counterOf(), null)
  assert.is(input.maxLength, 120)
})

test('shows how much of the limit is used from 80 % on, and says it politely', () => {
  const { input, type } = renderLimited(120)
  type('a'.repeat(96))
  assert.is(counterOf()?.textContent, '96 / 120')
  type('a'.repeat(118))
  assert.is(counterOf()?.textContent, '118 / 120')
  const live = page().getByRole('status')
  assert.is(live.getAttribute('aria-live'), 'polite')
  assert.is(live.textContent, '118 of 120 characters used')
  // The input keeps its limit, so nothing is cut without a word.
  assert.is(input.maxLength, 120)
  assert.ok(descriptionOf(input)?.includes('118 of 120 characters used'))
})

test('counts in a text area too', () => {
  function Area() {
    const [value, setValue] = useState('b'.repeat(9))
    return <TextArea label="Note" name="note" value={value} onChange={setValue} maxLength={10} />
  }
  render(<Area />)
  assert.is(counterOf()?.textContent, '9 / 10')
})

test('marks a required field from the start, visibly and for screen readers', () => {
  render(<TextField label="Serial" name="serial" value="" onChange={() => {}} required />)
  const input = page().getByLabelText('Serial') as HTMLInputElement
  assert.is(input.getAttribute('aria-required'), 'true')
  // The style sheet draws the mark after such a label, outside its accessible name.
  assert.ok(document.querySelector('label[data-required]'), 'a marked label')
  assert.is(descriptionOf(input), null)
})

test('marks required selects, areas and boxes the same way', () => {
  render(
    <>
      <Select label="Kind" name="kind" value="" options={[{ value: '', label: '—' }]} onChange={() => {}} required />
      <TextArea label="Note" name="note" value="" onChange={() => {}} required />
      <Checkbox label="Sure" name="sure" checked={false} onChange={() => {}} required />
    </>,
  )
  for (const label of ['Kind', 'Note', 'Sure']) assert.is(page().getByLabelText(label).getAttribute('aria-required'), 'true', label)
  assert.is(document.querySelectorAll('label[data-required]').length, 3)
})

test('ties a hint to its field, and the error beside it', () => {
  render(<TextField label="Address" name="url" value="x" onChange={() => {}} hint="An https address" error="Invalid value" />)
  const input = page().getByLabelText('Address')
  assert.is(descriptionOf(input), 'Invalid value An https address')
  assert.is(input.getAttribute('aria-invalid'), 'true')
})

test('ties a hint to a select', () => {
  render(<Select label="Kind" name="kind" value="" options={[{ value: '', label: '—' }]} onChange={() => {}} hint="Which one" />)
  assert.is(descriptionOf(page().getByLabelText('Kind')), 'Which one')
})

test.run()
