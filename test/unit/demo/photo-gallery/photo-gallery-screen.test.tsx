import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PhotoGallery } from '../../../../src/demo/photo-gallery/photo-gallery-screen'
import { PHOTOS, photoSrc } from '../../../../src/demo/photo-gallery/photos'
import { cleanup, fireEvent, page, render, waitFor } from '../../ui/testing'

test.after.each(() => cleanup())

test('a dozen made-up photos, each drawn in code as an SVG with a caption of its own', () => {
  assert.is(PHOTOS.length, 12)
  assert.is(new Set(PHOTOS.map((photo) => photo.caption)).size, 12)
  for (const photo of PHOTOS) {
    const src = photoSrc(photo)
    assert.ok(src.startsWith('data:image/svg+xml,'), photo.id)
    assert.match(decodeURIComponent(src), /^data:image\/svg\+xml,<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/)
  }
  assert.is(new Set(PHOTOS.map(photoSrc)).size, 12, 'no two pictures alike')
})

test('a thumbnail opens the lightbox on its photo; closing gives focus back to the thumbnail of the photo last seen', async () => {
  render(<PhotoGallery photos={PHOTOS} />)
  const thumbs = page().getAllByRole('button')
  assert.is(thumbs.length, 12)
  thumbs[2]!.focus()
  fireEvent.click(thumbs[2]!)
  const dialog = page().getByRole('dialog')
  assert.is(dialog.querySelector('h2')!.textContent, PHOTOS[2]!.caption)
  assert.ok(page().getByText('3 of 12'))
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', keyCode: 39 })
  assert.ok(page().getByText('4 of 12'))
  fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 })
  assert.is(page().queryByRole('dialog'), null)
  await waitFor(() => assert.is(document.activeElement, page().getAllByRole('button')[3]))
})

test('a thumbnail that fails to load says so', () => {
  render(<PhotoGallery photos={PHOTOS.slice(0, 2)} />)
  fireEvent.error(document.querySelector('img')!)
  assert.ok(page().getByText('This image failed to load'))
  assert.is(document.querySelectorAll('img').length, 1)
})

test.run()
