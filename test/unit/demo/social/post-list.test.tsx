import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PostList } from '../../../../src/demo/social/post-list'
import { createTimeline, type Post } from '../../../../src/demo/social/posts'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

const createPost = (overrides: Partial<Post> = {}): Post => ({
  id: 'p1',
  author: 'Ana Silva',
  avatar: '',
  date: '2024-05-01T08:00:00Z',
  text: 'The mast is up',
  images: [{ src: 'data:image/svg+xml,broken', alt: 'A mast' }],
  likes: 1,
  liked: false,
  comments: [],
  ...overrides,
})

const open = (author?: string) => {
  const timeline = createTimeline([createPost(), createPost({ id: 'p2', author: 'Bo Lind', text: 'Depot tour', images: [] })])
  render(<PostList timeline={timeline} author={author} me="Mira Okafor" />)
  return { timeline, view: page() }
}

const post = (author: string) => within(page().getByRole('article', { name: author }))

test('a like is given and taken back, and the count follows', () => {
  open()
  const like = post('Ana Silva').getByRole('button', { name: 'Like' })
  assert.is(like.getAttribute('aria-pressed'), 'false')
  assert.ok(post('Ana Silva').getByText('1 like'))
  fireEvent.click(like)
  assert.is(like.getAttribute('aria-pressed'), 'true')
  assert.ok(post('Ana Silva').getByText('2 likes'))
  assert.ok(post('Bo Lind').getByText('1 like'), 'the other post keeps its count')
  fireEvent.click(like)
  assert.ok(post('Ana Silva').getByText('1 like'))
})

test('Enter posts a trimmed comment by me; an empty one is not posted', () => {
  open()
  const field = post('Ana Silva').getByLabelText('Comment on the post by Ana Silva') as HTMLInputElement
  fireEvent.change(field, { target: { value: '   ' } })
  fireEvent.submit(field.closest('form')!)
  assert.ok(post('Ana Silva').getByText('0 comments'))
  fireEvent.change(field, { target: { value: '  Well done!  ' } })
  fireEvent.submit(field.closest('form')!)
  const comments = post('Ana Silva').getByRole('list', { name: 'Comments on the post by Ana Silva' })
  assert.ok(within(comments).getByText('Well done!'))
  assert.ok(within(comments).getByText('Mira Okafor'))
  assert.ok(post('Ana Silva').getByText('1 comment'))
  assert.is(field.value, '')
})

test('a picture that fails to load says so', () => {
  open()
  const picture = post('Ana Silva').getByRole('img', { name: 'A mast' })
  fireEvent.error(picture)
  assert.is(post('Ana Silva').queryByRole('img', { name: 'A mast' }), null)
  assert.ok(post('Ana Silva').getByText('This image failed to load'))
})

test('an author keeps only their posts', () => {
  const { view } = open('Bo Lind')
  assert.equal(view.getAllByRole('article').map((article) => article.querySelector('h3')?.textContent), ['Bo Lind'])
})

test.run()
