import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { useState } from 'react'
import { Dialog } from '../../../../src/ui/dialog'
import { tabbables } from '../../../../src/ui/dialog-box'
import { Dropdown, DROPDOWN_MAX_HEIGHT_PX, DROPDOWN_OPEN_DELAY_MS } from '../../../../src/ui/dropdown'
import { cleanup, fireEvent, page, render, waitFor } from '../../ui/testing'

// Lazy parts and the menu's delay can be slow on a busy machine.
const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 5000 })

test.after.each(cleanup)

/** A page with a button that opens a dialog of three controls; `closes` counts its closings. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Preferences"
        closeLabel="Close"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
      >
        <input aria-label="Name" />
        <button type="button">Save</button>
      </Dialog>
    </>
  )
}

const openDialog = () => {
  const closes: string[] = []
  render(<Harness onClose={() => closes.push('close')} />)
  const opener = page().getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return { closes, opener, dialog: page().getByRole('dialog', { name: 'Preferences' }) }
}

test('is a labelled modal dialog and moves the focus in', () => {
  const { dialog } = openDialog()
  assert.is(dialog.getAttribute('aria-modal'), 'true')
  assert.ok(document.activeElement === page().getByRole('button', { name: 'Close' }), 'focus on the first control')
  assert.ok(dialog.parentElement?.parentElement === document.body, 'rendered in a portal on the body')
})

test('traps Tab inside, both ways', () => {
  const { dialog } = openDialog()
  const close = page().getByRole('button', { name: 'Close' })
  const save = page().getByRole('button', { name: 'Save' })
  save.focus()
  fireEvent.keyDown(save, { key: 'Tab' })
  assert.ok(document.activeElement === close, 'focus')
  fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
  assert.ok(document.activeElement === save, 'focus')
  assert.equal(
    tabbables(dialog).map((element) => element.getAttribute('aria-label') ?? element.textContent),
    ['Close', 'Name', 'Save'],
  )
})

test('Esc closes it and the focus returns to the opener', () => {
  const { closes, opener } = openDialog()
  fireEvent.keyDown(page().getByRole('textbox', { name: 'Name' }), { key: 'Escape' })
  assert.equal(closes, ['close'])
  assert.is(page().queryByRole('dialog'), null)
  assert.ok(document.activeElement === opener, 'focus')
})

test('a click on the backdrop or the close button closes it', () => {
  const { closes, dialog } = openDialog()
  fireEvent.click(dialog.previousElementSibling as HTMLElement)
  assert.equal(closes, ['close'])
  fireEvent.click(page().getByRole('button', { name: 'Open' }))
  fireEvent.click(page().getByRole('button', { name: 'Close' }))
  assert.equal(closes, ['close', 'close'])
})

test('counts only the checked radio of a group as a Tab stop', () => {
  render(
    <div data-testid="root">
      <input type="radio" name="mode" aria-label="Light" />
      <input type="radio" name="mode" aria-label="Dark" defaultChecked />
      <input type="radio" name="size" aria-label="Small" />
      <input type="radio" name="size" aria-label="Large" />
    </div>,
  )
  assert.equal(
    tabbables(page().getByTestId('root')).map((element) => element.getAttribute('aria-label')),
    ['Dark', 'Small'],
  )
})

const renderDropdown = () => {
  const chosen: string[] = []
  render(
    <>
      <Dropdown
        label="Fruit"
        button="Fruit"
        items={['Apple', 'Pear', 'Plum'].map((name) => ({ key: name, label: name, onSelect: () => chosen.push(name) }))}
      />
      <button type="button">After</button>
    </>,
  )
  return { chosen, trigger: page().getByRole('button', { name: 'Fruit' }) }
}

test('the dropdown opens 50 ms after the click, at most 500 px high', async () => {
  const { trigger } = renderDropdown()
  const started = Date.now()
  fireEvent.click(trigger)
  assert.is(page().queryByRole('menu'), null)
  const menu = await waitFor(() => page().getByRole('menu', { name: 'Fruit' }), { interval: 5 })
  assert.ok(Date.now() - started >= DROPDOWN_OPEN_DELAY_MS - 5)
  assert.is(menu.style.maxBlockSize, `${DROPDOWN_MAX_HEIGHT_PX}px`)
  await waitFor(() => assert.ok(document.activeElement === page().getByRole('menuitem', { name: 'Apple' }), 'focus on the first item'))
})

test('the dropdown moves with arrows, chooses with a click and closes with Esc', async () => {
  const { chosen, trigger } = renderDropdown()
  trigger.focus()
  fireEvent.keyDown(trigger, { key: 'ArrowUp' })
  const menu = await page().findByRole('menu')
  await waitFor(() => assert.is(document.activeElement?.textContent, 'Plum'))
  fireEvent.keyDown(menu, { key: 'ArrowDown' })
  assert.is(document.activeElement?.textContent, 'Apple', 'wraps round')
  fireEvent.keyDown(menu, { key: 'End' })
  fireEvent.keyDown(menu, { key: 'ArrowUp' })
  assert.is(document.activeElement?.textContent, 'Pear')
  fireEvent.keyDown(menu, { key: 'Escape' })
  assert.is(page().queryByRole('menu'), null)
  assert.ok(document.activeElement === trigger, 'focus')
  assert.equal(chosen, [])
  fireEvent.click(trigger)
  fireEvent.click(await page().findByRole('menuitem', { name: 'Pear' }))
  assert.equal(chosen, ['Pear'])
  assert.is(page().queryByRole('menu'), null)
})

test('Tab leaves the dropdown and closes it', async () => {
  const { trigger } = renderDropdown()
  fireEvent.keyDown(trigger, { key: 'ArrowDown' })
  const menu = await page().findByRole('menu')
  fireEvent.keyDown(menu, { key: 'Tab' })
  assert.is(page().queryByRole('menu'), null)
})

test.run()
