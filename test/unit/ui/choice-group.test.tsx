import '../setup'
import { useState } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ChoiceGroup } from '../../../src/ui/choice-group'
import { cleanup, fireEvent, page, render } from './testing'

test.after.each(() => cleanup())

const SIZES = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large', mark: <i data-testid="mark" /> },
] as const

function Sizes({ changes }: { changes: string[] }) {
  const [size, setSize] = useState<'small' | 'large'>('small')
  return (
    <ChoiceGroup
      legend="Size"
      name="size"
      choices={SIZES}
      value={size}
      onChange={(value) => {
        changes.push(value)
        setSize(value)
      }}
    />
  )
}

const checked = () =>
  page()
    .getAllByRole('radio')
    .map((radio) => `${radio.closest('label')?.textContent}${(radio as HTMLInputElement).checked ? ' *' : ''}`)

test('is a group of radios named by its legend, the current value checked', () => {
  render(<Sizes changes={[]} />)
  const group = page().getByRole('group', { name: 'Size' })
  assert.equal(checked(), ['Small *', 'Large'])
  assert.equal(
    page().getAllByRole('radio').map((radio) => [radio.getAttribute('name'), (radio as HTMLInputElement).value]),
    [['size', 'small'], ['size', 'large']],
  )
  assert.ok(group.contains(page().getByTestId('mark')))
})

test('choosing a radio reports its value and checks it', () => {
  const changes: string[] = []
  render(<Sizes changes={changes} />)
  fireEvent.click(page().getByRole('radio', { name: 'Large' }))
  assert.equal(changes, ['large'])
  assert.equal(checked(), ['Small', 'Large *'])
})

test.run()
