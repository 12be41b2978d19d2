import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { attach, detach } from '../../../../src/demo/social/attachments'

const file = (name: string, size = 1000, type = 'image/png') => ({ name, type, size })
const preview = (made: string[]) => (picked: { name: string }) => {
  made.push(picked.name)
  return `blob:${picked.name}`
}

test('two images are kept; a third is refused with the count rule, and gets no preview', () => {
  const made: string[] = []
  const { held, refusals } = attach([], [file('a.png'), file('b.png'), file('c.png')], preview(made))
  assert.equal(held, [
    { name: 'a.png', url: 'blob:a.png' },
    { name: 'b.png', url: 'blob:b.png' },
  ])
  assert.equal(refusals, [{ key: 'imageCount', values: { n: 2 } }])
  assert.equal(made, ['a.png', 'b.png'])
})

test('an image over 3,000,000 bytes is refused with the size rule; one of exactly that size is kept', () => {
  const { held, refusals } = attach([], [file('big.png', 3_000_001), file('edge.png', 3_000_000)], preview([]))
  assert.equal(held.map((attachment) => attachment.name), ['edge.png'])
  assert.equal(refusals, [{ key: 'imageSize', values: { mb: 3 } }])
})

test('images already attached count toward the two', () => {
  const first = attach([], [file('a.png')], preview([]))
  const second = attach(first.held, [file('b.png'), file('c.png')], preview([]))
  assert.equal(second.held.map((attachment) => attachment.name), ['a.png', 'b.png'])
  assert.equal(second.refusals.map((refusal) => refusal.key), ['imageCount'])
  const full = attach(second.held, [file('d.png')], preview([]))
  assert.is(full.held.length, 2)
  assert.equal(full.refusals.map((refusal) => refusal.key), ['imageCount'])
})

test('removing an image lets its preview go; an unknown one revokes nothing', () => {
  const revoked: string[] = []
  const held = [
    { name: 'a.png', url: 'blob:a' },
    { name: 'b.png', url: 'blob:b' },
  ]
  assert.equal(detach(held, 'blob:a', (url) => revoked.push(url)), [{ name: 'b.png', url: 'blob:b' }])
  assert.equal(detach(held, 'blob:x', (url) => revoked.push(url)), held)
  assert.equal(revoked, ['blob:a'])
})

test.run()
