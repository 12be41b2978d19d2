import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTimeline, type Post } from '../../../../src/demo/social/posts'
import { ME } from '../../../../src/demo/social/social-fixtures'
import { UserProfile } from '../../../../src/demo/user-profile/user-profile-screen'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

const revoked: string[] = []
const { createObjectURL, revokeObjectURL } = URL
test.before.each(() => {
  revoked.length = 0
  URL.createObjectURL = (file: Blob) => `blob:${(file as File).name}`
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
})
test.after.each(() => {
  cleanup()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
})

const createPost = (id: string, author: string): Post => ({ id, author, avatar: '', date: '2024-05-01T08:00:00Z', text: `Post ${id}`, images: [], likes: 0, liked: false, comments: [] })

const open = () => {
  render(<UserProfile timeline={createTimeline([createPost('a', ME.name), createPost('b', 'Bo Lind'), createPost('c', ME.name)])} />)
  return page()
}

const pickAvatar = (file: File) => fireEvent.change(page().getByLabelText('Change avatar'), { target: { files: [file] } })
const avatar = () => page().getByRole('region', { name: ME.name }).querySelector('img')?.getAttribute('src') ?? null

test('the tabs switch the panel by click and by arrow keys', () => {
  const view = open()
  const tab = (name: string) => view.getByRole('tab', { name })
  assert.is(tab('About').getAttribute('aria-selected'), 'true')
  assert.ok(within(view.getByRole('tabpanel', { name: 'About' })).getByText(ME.email))
  fireEvent.click(tab('Connections'))
  assert.is(tab('Connections').getAttribute('aria-selected'), 'true')
  assert.is(tab('About').getAttribute('tabindex'), '-1')
  assert.ok(within(view.getByRole('tabpanel', { name: 'Connections' })).getByText('Amara Nwosu'))
  fireEvent.keyDown(tab('Connections'), { key: 'ArrowRight' })
  assert.is(view.getAllByRole('img', { name: /./ }).length, 6, 'the photos')
  fireEvent.keyDown(tab('Photos'), { key: 'End' })
  assert.is(document.activeElement, tab('Timeline'))
  const panel = within(view.getByRole('tabpanel', { name: 'Timeline' }))
  assert.equal(panel.getAllByRole('article').map((post) => post.querySelector('h3')?.textContent), [ME.name, ME.name], 'her posts only')
})

test('the stats count her posts', () => {
  open()
  const stats = page().getByRole('region', { name: ME.name }).querySelector('dl')!
  assert.match(stats.textContent!, /^Posts2Connections6Followers248$/)
})

test('a GIF avatar is refused with its message; a small PNG becomes the avatar', () => {
  open()
  pickAvatar(new File([new Uint8Array(10)], 'me.gif', { type: 'image/gif' }))
  assert.is(page().getByRole('alert').textContent, 'The avatar must be a JPEG, PNG or BMP image.')
  assert.is(avatar(), null)
  pickAvatar(new File([new Uint8Array(100_001)], 'big.png', { type: 'image/png' }))
  assert.is(page().getByRole('alert').textContent, 'The avatar may be at most 100 KB.')
  pickAvatar(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }))
  assert.is(page().queryByRole('alert'), null)
  assert.is(avatar(), 'blob:me.png')
  cleanup()
  assert.equal(revoked, ['blob:me.png'], 'the preview goes with the page')
})

test.run()
