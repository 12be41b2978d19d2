import '../../setup'
import { useState } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../../src/ui/console-texts'
import { SecretDialog } from '../../../../src/ui/record/secret-dialog'
import { cleanup, fireEvent, page, render, waitFor, within } from '../testing'

const SECRET = 'ek_live_4f9c2a7e1b0d8c63'

/** Every copy attempt, in order: the clipboard API's and the old copy command's. */
let copies: unknown[] = []

/** Gives the page a clipboard whose `writeText` answers `works`, or none at all. */
function giveClipboard(clipboard: 'works' | 'denied' | 'none') {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value:
      clipboard === 'none'
        ? undefined
        : {
            writeText: async (text: string) => {
              copies.push(['clipboard', text])
              if (clipboard === 'denied') throw new DOMException('Write permission denied.', 'NotAllowedError')
            },
          },
  })
}

/** Gives the page the old copy command; it records which field is focused and what is selected. */
function giveCopyCommand(works: boolean) {
  Object.assign(document, {
    execCommand: (command: string) => {
      const active = document.activeElement as HTMLInputElement | null
      const selected = active?.value.slice(active.selectionStart ?? 0, active.selectionEnd ?? 0)
      copies.push(['execCommand', command, active?.getAttribute('aria-label'), selected])
      return works
    },
  })
}

test.before.each(() => {
  copies = []
})
test.after.each(() => {
  cleanup()
  // The page's own clipboard (happy-dom's, on the prototype) comes back; the command goes.
  delete (navigator as { clipboard?: unknown }).clipboard
  delete (document as { execCommand?: unknown }).execCommand
})

/** A parent that holds the secret and drops it when the dialog closes, as the key screens do. */
function renderSecret() {
  const closes: string[] = []
  function Parent() {
    const [secret, setSecret] = useState<string | null>(SECRET)
    return (
      <SecretDialog
        secret={secret}
        title="Your new access key"
        onClose={() => {
          closes.push('close')
          setSecret(null)
        }}
      />
    )
  }
  render(<Parent />)
  const dialog = page().getByRole('dialog', { name: 'Your new access key' })
  return {
    closes,
    dialog,
    copy: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' })),
    status: () => within(dialog).getAllByRole('status').map((element) => element.textContent),
  }
}

test('shows the secret in a field with a plain warning', () => {
  const { dialog } = renderSecret()
  const field = within(dialog).getByLabelText('Secret') as HTMLInputElement
  assert.is(field.value, SECRET)
  assert.ok(field.readOnly)
  assert.match(within(dialog).getAllByRole('status')[0]!.textContent ?? '', 'This is the only time the secret is shown.')
})

test('copies with the clipboard API when there is one', async () => {
  giveClipboard('works')
  giveCopyCommand(true)
  const { dialog, copy } = renderSecret()
  copy()
  await within(dialog).findByRole('button', { name: 'Copied' })
  assert.equal(copies, [['clipboard', SECRET]])
})

test('selects the field and uses the copy command when there is no clipboard API', async () => {
  giveClipboard('none')
  giveCopyCommand(true)
  const { dialog, copy } = renderSecret()
  copy()
  await within(dialog).findByRole('button', { name: 'Copied' })
  assert.equal(copies, [['execCommand', 'copy', 'Secret', SECRET]])
})

test('falls back to the copy command when the clipboard API refuses', async () => {
  giveClipboard('denied')
  giveCopyCommand(true)
  const { dialog, copy } = renderSecret()
  copy()
  await within(dialog).findByRole('button', { name: 'Copied' })
  assert.equal(copies, [
    ['clipboard', SECRET],
    ['execCommand', 'copy', 'Secret', SECRET],
  ])
})

test('says so when neither way copies', async () => {
  giveClipboard('denied')
  giveCopyCommand(false)
  const { dialog, copy, status } = renderSecret()
  copy()
  await waitFor(() => assert.is(copies.length, 2))
  await waitFor(() => assert.ok(status().includes('Copying is not possible here: select the text and copy it yourself.')))
  assert.ok(within(dialog).getByRole('button', { name: 'Copy' }))
})

test('says so when there is neither a clipboard API nor a copy command', async () => {
  giveClipboard('none')
  const { copy, status } = renderSecret()
  copy()
  await waitFor(() => assert.ok(status().includes('Copying is not possible here: select the text and copy it yourself.')))
})

test('leaves the secret nowhere on the page once closed', async () => {
  giveClipboard('works')
  const { dialog, copy, closes } = renderSecret()
  copy()
  await within(dialog).findByRole('button', { name: 'Copied' })
  assert.ok(document.body.innerHTML.includes(SECRET))
  fireEvent.click(within(dialog).getByRole('button', { name: 'I have stored it' }))
  assert.equal(closes, ['close'])
  assert.is(page().queryByRole('dialog'), null)
  assert.not.ok(document.body.innerHTML.includes(SECRET))
})

test('Esc closes it too, and the secret goes with it', () => {
  const { dialog, closes } = renderSecret()
  fireEvent.keyDown(dialog, { key: 'Escape' })
  assert.equal(closes, ['close'])
  assert.not.ok(document.body.innerHTML.includes(SECRET))
})

test.run()
