import '../../setup'
import { useState } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Lightbox } from '../../../../src/demo/lightbox/lightbox'
import { setDirection } from '../../../../src/stores/ui'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => {
  cleanup()
  setDirection('ltr')
})

const PHOTOS = ['One', 'Two', 'Three'].map((caption) => ({ src: `data:image/svg+xml,${caption}`, caption }))

function Harness({ start }: { start: number | null }) {
  const [index, setIndex] = useState<number | null>(start)
  return <Lightbox photos={PHOTOS} index={index} onIndex={setIndex} onClose={() => setIndex(null)} />
}

const dialog = () => page().getByRole('dialog')
const image = () => page().getByRole('img') as HTMLImageElement
const counter = () => dialog().querySelector('[aria-live]')!.textContent

test('shows the photo with its caption and the counter; the arrows, Esc and the buttons act', () => {
  render(<Harness start={1} />)
  assert.is(page().getByRole('heading').textContent, 'Two')
  assert.is(image().alt, 'Two')
  assert.is(counter(), '2 of 3')
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', keyCode: 39 })
  assert.is(counter(), '3 of 3')
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', keyCode: 39 })
  assert.is(counter(), '1 of 3', 'wraps to the first')
  fireEvent.keyDown(document, { key: 'ArrowLeft', keyCode: 37 })
  assert.is(counter(), '3 of 3')
  fireEvent.click(page().getByRole('button', { name: 'Previous photo' }))
  assert.is(counter(), '2 of 3')
  fireEvent.click(page().getByRole('button', { name: 'Next photo' }))
  assert.is(page().getByRole('heading').textContent, 'Three')
  fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 })
  assert.is(page().queryByRole('dialog'), null)
})

test('in rtl the right arrow goes to the previous photo', () => {
  setDirection('rtl')
  render(<Harness start={1} />)
  fireEvent.keyDown(document, { key: 'ArrowRight', keyCode: 39 })
  assert.is(counter(), '1 of 3')
  fireEvent.keyDown(document, { key: 'ArrowLeft', keyCode: 37 })
  assert.is(counter(), '2 of 3')
})

test('a double click zooms in one step, another resets; the buttons stop at the bounds', () => {
  render(<Harness start={0} />)
  const zoomOut = page().getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement
  const zoomIn = page().getByRole('button', { name: 'Zoom in' }) as HTMLButtonElement
  assert.is(image().dataset.zoom, '1')
  assert.ok(zoomOut.disabled)
  fireEvent.dblClick(image())
  assert.is(image().dataset.zoom, '1.5')
  assert.match(image().style.transform, 'scale(1.5)')
  fireEvent.click(zoomIn)
  assert.is(image().dataset.zoom, '2')
  fireEvent.dblClick(image())
  assert.is(image().dataset.zoom, '1', 'zoomed in, a double click resets')
  for (let i = 0; i < 8; i++) fireEvent.click(zoomIn)
  assert.is(image().dataset.zoom, '4')
  assert.ok(zoomIn.disabled)
  assert.is(page().getByRole('status', { name: 'Zoom' }).textContent, '400%')
  fireEvent.keyDown(document, { key: 'ArrowRight' })
  assert.is(image().dataset.zoom, '1', 'the next photo opens at the default zoom')
})

test('a swipe moves by the drag direction; a short drag and a wheel turn up and down do not', () => {
  render(<Harness start={0} />)
  const stage = image().parentElement!
  const drag = (from: number, to: number) => {
    fireEvent.pointerDown(stage, { button: 0, clientX: from, clientY: 100, pointerId: 1 })
    fireEvent.pointerUp(stage, { button: 0, clientX: to, clientY: 100, pointerId: 1 })
  }
  drag(300, 100)
  assert.is(counter(), '2 of 3', 'dragged to the left: next')
  drag(100, 300)
  assert.is(counter(), '1 of 3')
  drag(100, 130)
  assert.is(counter(), '1 of 3', 'too short')
  fireEvent.wheel(stage, { deltaX: 0, deltaY: 80 })
  assert.is(counter(), '1 of 3')
  fireEvent.wheel(stage, { deltaX: 60, deltaY: 0 })
  assert.is(counter(), '2 of 3')
})

test('a photo that fails to load says so', () => {
  render(<Harness start={0} />)
  fireEvent.error(image())
  assert.ok(page().getByText('This image failed to load'))
  assert.is(page().queryByRole('img'), null)
})

test.run()
