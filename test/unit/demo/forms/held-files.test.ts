import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { dropFiles, fileSize, removeFile, type Held } from '../../../../src/demo/forms/held-files'
import type { UploadFile } from '../../../../src/demo/uploads'

const file = (name: string, size = 10): UploadFile => ({ name, size, type: '' })

/** Preview addresses handed out and given back, in order. */
const urls = () => {
  const made: string[] = []
  const revoked: string[] = []
  return { made, revoked, preview: (f: UploadFile) => (made.push(`blob:${f.name}`), `blob:${f.name}`), revoke: (url: string) => revoked.push(url) }
}

test('keeps up to three files; pictures of jpg, jpeg, bmp and png alone get a preview', () => {
  const { made, preview } = urls()
  const result = dropFiles([], [file('rack.PNG'), file('notes.pdf'), file('gate.jpeg')], preview)
  assert.equal(result.held.map((item) => [item.id, item.file.name, item.preview]), [
    [1, 'rack.PNG', 'blob:rack.PNG'],
    [2, 'notes.pdf', null],
    [3, 'gate.jpeg', 'blob:gate.jpeg'],
  ])
  assert.equal([result.accepted, result.refusals], [3, []])
  assert.equal(made, ['blob:rack.PNG', 'blob:gate.jpeg'])
})

test('a drop past the limit is refused whole, and makes no preview', () => {
  const { made, preview } = urls()
  const first = dropFiles([], [file('a.png'), file('b.png')], preview)
  const second = dropFiles(first.held, [file('c.png'), file('d.png')], preview)
  assert.equal(second.held, first.held)
  assert.equal(second.refusals, [{ key: 'tooMany', values: { n: 3 } }])
  assert.is(second.accepted, 0)
  assert.equal(made, ['blob:a.png', 'blob:b.png'])
  assert.equal(dropFiles([], [file('a'), file('b'), file('c'), file('d')], preview).refusals, [{ key: 'tooMany', values: { n: 3 } }])
  assert.is(dropFiles(first.held, [file('c.png'), file('d.png')], preview, 4).accepted, 2, 'the limit can be raised')
})

test('a file over 3 MB is refused alone, and the others are kept', () => {
  const { made, preview } = urls()
  const result = dropFiles([], [file('huge.png', 3_000_001), file('fits.png', 3_000_000)], preview)
  assert.equal(result.held.map((item) => item.file.name), ['fits.png'])
  assert.equal(result.refusals, [{ key: 'tooBig' }])
  assert.equal(made, ['blob:fits.png'])
})

test('a removed file gives its preview back; ids stay unique after a removal', () => {
  const { revoked, preview, revoke } = urls()
  let held: Held<UploadFile>[] = dropFiles([], [file('a.png'), file('b.txt'), file('c.png')], preview).held
  held = removeFile(held, 1, revoke)
  held = removeFile(held, 2, revoke)
  assert.equal(revoked, ['blob:a.png'], 'the text file had no preview to give back')
  held = dropFiles(held, [file('d.png'), file('e.png')], preview).held
  assert.equal(held.map((item) => [item.id, item.file.name]), [[3, 'c.png'], [4, 'd.png'], [5, 'e.png']])
  assert.equal(removeFile(held, 99, revoke), held, 'an unknown id changes nothing')
})

test('sizes in the decimal units of the 3 MB rule, as the language writes them', () => {
  assert.is(fileSize(512, 'en'), '512 byte')
  assert.is(fileSize(1500, 'en'), '1.5 kB')
  assert.is(fileSize(3_000_000, 'en'), '3 MB')
  assert.is(fileSize(2_450_000, 'de'), '2,5 MB')
})

test.run()
