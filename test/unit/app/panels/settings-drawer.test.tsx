import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SettingsDrawer } from '../../../../src/app/shell/panels/settings-drawer'
import { readPreferences } from '../../../../src/stores/preferences'
import { $ui, UI_DEFAULTS } from '../../../../src/stores/ui'
import '../../../../src/ui/console-texts'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

test.before.each(() => $ui.set({ ...UI_DEFAULTS }))
test.after.each(cleanup)

const open = () => {
  const closes: string[] = []
  render(<SettingsDrawer onClose={() => closes.push('close')} />)
  return { closes, drawer: page().getByRole('dialog', { name: 'Settings' }) }
}

const group = (name: string) => within(page().getByRole('group', { name }))
const radios = (name: string) =>
  group(name)
    .getAllByRole('radio')
    .map((radio) => `${radio.closest('label')?.textContent}${(radio as HTMLInputElement).checked ? ' *' : ''}`)

test('is a 360 px drawer offering the four settings with the current values', () => {
  const { drawer } = open()
  assert.is(drawer.style.maxInlineSize, '360px')
  assert.equal(radios('Theme colour'), [
    'Red', 'Green', 'Blue', 'Purple', 'Orange', 'Grey *', 'Light green', 'Light blue', 'Brown',
  ])
  assert.equal(radios('Layout'), ['Sidebar *', 'Big sidebar', 'Top navigation', 'Mega menu'])
  assert.equal(radios('Light or dark'), ['Follow the system *', 'Light', 'Dark'])
  assert.equal(radios('Direction'), ['Left to right *', 'Right to left'])
})

test('each choice applies at once and is saved', () => {
  open()
  fireEvent.click(group('Theme colour').getByRole('radio', { name: 'Light blue' }))
  fireEvent.click(group('Layout').getByRole('radio', { name: 'Mega menu' }))
  fireEvent.click(group('Light or dark').getByRole('radio', { name: 'Dark' }))
  fireEvent.click(group('Direction').getByRole('radio', { name: 'Right to left' }))
  const { theme, layout, type, direction } = $ui.get()
  assert.equal({ theme, layout, type, direction }, { theme: 'lightBlue', layout: 'mega-menu', type: 'dark', direction: 'rtl' })
  assert.equal(radios('Light or dark'), ['Follow the system', 'Light', 'Dark *'])
  const saved = readPreferences()
  assert.equal([saved.theme, saved.layout, saved.type, saved.direction], ['lightBlue', 'mega-menu', 'dark', 'rtl'])
})

test('Esc closes it', () => {
  const { closes } = open()
  fireEvent.keyDown(page().getByRole('radio', { name: 'Grey' }), { key: 'Escape' })
  assert.equal(closes, ['close'])
})

test.run()
