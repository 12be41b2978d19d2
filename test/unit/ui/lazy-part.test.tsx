import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { useEffect, useState } from 'react'
import { laterPart, lazyPart } from '../../../src/ui/lazy-part'
import { act, cleanup, fireEvent, page, render, waitFor } from './testing'

test.after.each(() => cleanup())

/** A loader whose answer the test gives, counting its calls. */
function deferred<T>() {
  let give: (value: T) => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const calls = { count: 0 }
  const load = () => {
    calls.count++
    return new Promise<T>((resolve, reject) => {
      give = resolve
      fail = reject
    })
  }
  return { load, calls, give: (value: T) => give(value), fail: (error: Error) => fail(error) }
}

let mounts = 0
function Box({ label }: { label: string }) {
  const [typed, setTyped] = useState('')
  useEffect(() => void mounts++, [])
  return <input aria-label={label} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
}

test('a later part drawn before its code arrives shows nothing, then itself, and keeps its state as its parent draws again', async () => {
  mounts = 0
  const code = deferred<typeof Box>()
  const Later = laterPart(code.load)
  function Parent({ round }: { round: number }) {
    return (
      <div data-round={round}>
        <Later label="Name" />
      </div>
    )
  }
  const { rerender } = render(<Parent round={1} />)
  assert.is(page().queryByLabelText('Name'), null, 'nothing in its place while its code loads')
  await act(async () => code.give(Box))
  const field = await page().findByLabelText('Name')
  fireEvent.change(field, { target: { value: 'gateway' } })
  rerender(<Parent round={2} />)
  rerender(<Parent round={3} />)
  assert.is((page().getByLabelText('Name') as HTMLInputElement).value, 'gateway', 'what was typed stays')
  assert.is(mounts, 1, 'drawn once, not anew when its code had arrived')
  assert.is(code.calls.count, 1)
})

test('a later part met after the first paint loads by itself, and then draws at once', async () => {
  const code = deferred<typeof Box>()
  const Later = laterPart(code.load)
  assert.is(code.calls.count, 0, 'not at once: the screen being drawn comes first')
  await waitFor(() => assert.is(code.calls.count, 1), { timeout: 3000 })
  await act(async () => code.give(Box))
  render(<Later label="Serial" />)
  assert.ok(page().getByLabelText('Serial'), 'drawn in the first render, without suspending')
})

test('a later part whose code failed to load (offline) loads again when drawn', async () => {
  const code = deferred<typeof Box>()
  const Later = laterPart(code.load)
  await waitFor(() => assert.is(code.calls.count, 1), { timeout: 3000 })
  await act(async () => code.fail(new Error('offline')))
  render(<Later label="Tag" />)
  assert.is(code.calls.count, 2, 'asked again by the render')
  await act(async () => code.give(Box))
  assert.ok(await page().findByLabelText('Tag'))
})

test('a part whose code cannot be downloaded says so in its place, and Try again draws it there', async () => {
  const code = deferred<typeof Box>()
  const Part = lazyPart(code.load)
  render(
    <form aria-label="Device">
      <Part label="Location" />
    </form>,
  )
  await act(async () => code.fail(new Error('Failed to fetch dynamically imported module')))
  // The drawn failure tries once more by itself; that fails too.
  await act(async () => code.fail(new Error('offline')))
  const alert = await page().findByRole('alert')
  assert.match(alert.textContent ?? '', 'This part of the console could not be loaded.')
  assert.ok(page().getByRole('button', { name: 'Reload the page' }))
  fireEvent.click(page().getByRole('button', { name: 'Try again' }))
  await act(async () => code.give(Box))
  assert.ok(await page().findByLabelText('Location'))
  assert.is(page().queryByRole('alert'), null)
  assert.is(code.calls.count, 3)
})

test.run()
