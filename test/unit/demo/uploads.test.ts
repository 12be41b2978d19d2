import { test } from 'uvu'
import * as assert from 'uvu/assert'
import en from '../../../locales/demo/en.json'
import { checkAvatar, checkDrop, checkPostImages, hasPreview, type UploadFile } from '../../../src/demo/uploads'

const file = (name: string, size: number, type = 'image/png'): UploadFile => ({ name, size, type })

test('an avatar is a JPEG, PNG or BMP of at most 100 KB', () => {
  assert.is(checkAvatar(file('me.jpg', 100_000, 'image/jpeg')), null)
  assert.is(checkAvatar(file('me.bmp', 10, 'image/bmp')), null)
  assert.equal(checkAvatar(file('me.gif', 10, 'image/gif')), { key: 'avatarType' })
  assert.equal(checkAvatar(file('me.svg', 10, 'image/svg+xml')), { key: 'avatarType' }, 'an SVG may carry script')
  assert.equal(checkAvatar(file('me.png', 100_001)), { key: 'avatarSize', values: { max: 100 } })
})

test('a post takes at most two images of at most 3,000,000 bytes', () => {
  const small = [file('a.png', 3_000_000), file('b.png', 1), file('c.png', 1)]
  const some = checkPostImages(0, small)
  assert.equal(some.accepted.map((f) => f.name), ['a.png', 'b.png'])
  assert.equal(some.refusals, [{ key: 'imageCount', values: { n: 2 } }])
  const big = checkPostImages(1, [file('huge.png', 3_000_001), file('d.png', 5)])
  assert.equal(big.accepted.map((f) => f.name), ['d.png'])
  assert.equal(big.refusals, [{ key: 'imageSize', values: { mb: 3 } }])
  assert.equal(checkPostImages(2, [file('e.png', 5)]).accepted, [])
})

test('the drop zone refuses a fourth file whole and a file over 3 MB alone, with the exact texts', () => {
  assert.equal(checkDrop(0, [file('a', 1), file('b', 1), file('c', 1)]).refusals, [])
  const fourth = checkDrop(3, [file('d', 1)])
  assert.equal(fourth, { accepted: [], refusals: [{ key: 'tooMany', values: { n: 3 } }] })
  assert.equal(checkDrop(1, [file('a', 1), file('b', 1), file('c', 1)], 5).refusals, [], 'the limit can be raised')
  const big = checkDrop(0, [file('big.zip', 3_000_001), file('ok.png', 3_000_000)])
  assert.equal(big.accepted.map((f) => f.name), ['ok.png'])
  assert.equal(big.refusals, [{ key: 'tooBig' }])
  assert.is(en.demo.upload.tooMany.replace('{{n}}', '3'), 'Cannot upload more than 3 items.')
  assert.is(en.demo.upload.tooBig, 'File too big, max size is 3MB')
  assert.is(en.demo.upload.broken, 'This image failed to load')
})

test('only jpg, jpeg, bmp and png files get a preview', () => {
  for (const name of ['a.jpg', 'b.JPEG', 'c.bmp', 'd.Png']) assert.ok(hasPreview({ name }), name)
  for (const name of ['e.gif', 'f.svg', 'png', 'g.png.exe', 'h.webp']) assert.not.ok(hasPreview({ name }), name)
})

test.run()
