import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTimeline, postContent, toggleLike, type Post } from '../../../../src/demo/social/posts'

const createPost = (overrides: Partial<Post> = {}): Post => ({
  id: 'p1',
  author: 'Ana Silva',
  avatar: '',
  date: '2024-05-01T08:00:00Z',
  text: 'Hello',
  images: [],
  likes: 3,
  liked: false,
  comments: [],
  ...overrides,
})

const NOW = new Date('2024-05-14T09:30:00Z')
const image = (n: number) => ({ src: `blob:${n}`, alt: `${n}.png` })

test('a like adds one and taking it back removes it', () => {
  const liked = toggleLike(createPost())
  assert.equal([liked.liked, liked.likes], [true, 4])
  const back = toggleLike(liked)
  assert.equal([back.liked, back.likes], [false, 3])
})

test('the timeline likes only the post named', () => {
  const timeline = createTimeline([createPost(), createPost({ id: 'p2', likes: 0 })])
  timeline.like('p2')
  assert.equal(timeline.$posts.get().map((post) => [post.liked, post.likes]), [[false, 3], [true, 1]])
  timeline.like('p2')
  assert.equal(timeline.$posts.get()[1]!.likes, 0)
})

test('a comment is trimmed and dated; an empty one is ignored', () => {
  const timeline = createTimeline([createPost()], () => NOW)
  assert.is(timeline.comment('p1', 'Bo Lind', '   '), false)
  assert.is(timeline.comment('missing', 'Bo Lind', 'Hi'), false)
  assert.is(timeline.comment('p1', 'Bo Lind', '  Nice view!  '), true)
  const [comment] = timeline.$posts.get()[0]!.comments
  assert.equal({ ...comment, id: typeof comment!.id }, { id: 'string', author: 'Bo Lind', date: NOW.toISOString(), message: 'Nice view!' })
})

test('a post holds trimmed text or at least one image, and at most two images', () => {
  assert.is(postContent('  ', []), null)
  assert.equal(postContent('  Hi  ', []), { text: 'Hi', images: [] })
  assert.equal(postContent('', [image(1)]), { text: '', images: [image(1)] })
  assert.equal(postContent('Two', [image(1), image(2)])?.images.length, 2)
  assert.is(postContent('Three', [image(1), image(2), image(3)]), null)
})

test('a new post goes on top, unliked and without comments; a refused one changes nothing', () => {
  const timeline = createTimeline([createPost()], () => NOW)
  assert.is(timeline.post('Mira Okafor', ' ', []), false)
  assert.is(timeline.post('Mira Okafor', 'x', [image(1), image(2), image(3)]), false)
  assert.is(timeline.$posts.get().length, 1)
  assert.is(timeline.post('Mira Okafor', ' The relay is in ', [image(1)]), true)
  const [top, old] = timeline.$posts.get()
  assert.equal(
    { ...top!, id: typeof top!.id },
    { id: 'string', author: 'Mira Okafor', avatar: '', date: NOW.toISOString(), text: 'The relay is in', images: [image(1)], likes: 0, liked: false, comments: [] },
  )
  assert.is(old!.id, 'p1')
  timeline.post('Mira Okafor', 'Again', [])
  assert.is(new Set(timeline.$posts.get().map((post) => post.id)).size, 3)
})

test('each timeline is its own: the fixtures are copied, not shared', () => {
  const fixtures = [createPost()]
  const one = createTimeline(fixtures)
  const two = createTimeline(fixtures)
  one.comment('p1', 'Bo Lind', 'Only here')
  one.like('p1')
  assert.equal([two.$posts.get()[0]!.comments.length, two.$posts.get()[0]!.likes], [0, 3])
  assert.is(fixtures[0]!.comments.length, 0)
})

test.run()
