import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTimeline } from '../../../../src/demo/social/posts'
import { Timeline } from '../../../../src/demo/timeline/timeline-screen'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

const made: string[] = []
const revoked: string[] = []
const { createObjectURL, revokeObjectURL } = URL
test.before.each(() => {
  made.length = 0
  revoked.length = 0
  URL.createObjectURL = (file: Blob) => {
    const url = `blob:${(file as File).name}`
    made.push(url)
    return url
  }
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
})
test.after.each(() => {
  cleanup()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
})

const png = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' })

const open = () => {
  const timeline = createTimeline([])
  render(<Timeline timeline={timeline} />)
  return { timeline, view: page() }
}

const pick = (files: File[]) => fireEvent.change(page().getByLabelText('Add images'), { target: { files } })
const previews = () => within(page().getByRole('list', { name: 'Images to post' })).getAllByRole('img').map((img) => img.getAttribute('alt'))

test('three images: two are kept with previews and the third is refused with the rule', () => {
  open()
  pick([png('a.png'), png('b.png'), png('c.png')])
  assert.equal(previews(), ['a.png', 'b.png'])
  assert.equal(made, ['blob:a.png', 'blob:b.png'])
  assert.is(page().getByRole('alert').textContent, 'A post holds at most 2 images.')
})

test('an image over 3 MB is refused with the size rule', () => {
  open()
  pick([png('huge.png', 3_000_001)])
  assert.is(page().getByRole('alert').textContent, 'An image may be at most 3 MB.')
  assert.is(page().queryByRole('list', { name: 'Images to post' }), null)
})

test('removing an image revokes its preview and makes room for another', () => {
  open()
  pick([png('a.png'), png('b.png')])
  fireEvent.click(page().getByRole('button', { name: 'Remove a.png' }))
  assert.equal(revoked, ['blob:a.png'])
  assert.equal(previews(), ['b.png'])
  pick([png('c.png')])
  assert.equal(previews(), ['b.png', 'c.png'])
  assert.is(page().queryByRole('alert'), null)
})

test('posting puts the post with its images on top and empties the composer; its previews stay alive', () => {
  const { view } = open()
  fireEvent.submit(view.getByLabelText('Share an update').closest('form')!)
  assert.ok(view.getByText('No posts yet.'), 'an empty post is not posted')
  fireEvent.change(view.getByLabelText('Share an update'), { target: { value: '  Relay installed  ' } })
  pick([png('relay.png')])
  fireEvent.click(view.getByRole('button', { name: 'Post' }))
  const post = within(view.getByRole('article', { name: 'Mira Okafor' }))
  assert.ok(post.getByText('Relay installed'))
  assert.ok(post.getByRole('img', { name: 'relay.png' }))
  assert.is((view.getByLabelText('Share an update') as HTMLTextAreaElement).value, '')
  assert.is(view.queryByRole('list', { name: 'Images to post' }), null)
  cleanup()
  assert.equal(revoked, [], 'a posted picture is not revoked')
})

test('leaving the page revokes the previews never posted', () => {
  open()
  pick([png('a.png'), png('b.png')])
  cleanup()
  assert.equal(revoked.sort(), ['blob:a.png', 'blob:b.png'])
})

test.run()
