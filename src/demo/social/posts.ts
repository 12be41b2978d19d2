import { atom } from 'nanostores'
import { POST_IMAGE_MAX_COUNT } from '../uploads'

/** A picture of a post: an inline SVG drawn in code, or a preview of a file the user picked. */
export interface PostImage {
  src: string
  alt: string
}

/** A comment under a post. */
export interface PostComment {
  id: string
  author: string
  /** When it was written, ISO 8601. */
  date: string
  message: string
}

/** A timeline post. `avatar` is a photo's address, or empty for initials. */
export interface Post {
  id: string
  author: string
  avatar: string
  /** When it was written, ISO 8601. */
  date: string
  text: string
  /** At most two. */
  images: PostImage[]
  likes: number
  /** Whether the console's user likes it. */
  liked: boolean
  comments: PostComment[]
}

/** A like given, or taken back: the count follows. */
export function toggleLike(post: Post): Post {
  return { ...post, liked: !post.liked, likes: post.likes + (post.liked ? -1 : 1) }
}

/** What a new post may hold: its text trimmed and its images; null when it would be empty or hold too many images. */
export function postContent(text: string, images: readonly PostImage[]): Pick<Post, 'text' | 'images'> | null {
  const trimmed = text.trim()
  if ((!trimmed && !images.length) || images.length > POST_IMAGE_MAX_COUNT) return null
  return { text: trimmed, images: [...images] }
}

/** The timeline's posts, newest first, and their moves; `now` is the clock, so a test can hold it. */
export function createTimeline(initial: readonly Post[], now = () => new Date()) {
  const $posts = atom<Post[]>(initial.map((post) => ({ ...post, images: [...post.images], comments: [...post.comments] })))
  let next = 0
  const id = (prefix: string) => `${prefix}-new-${++next}`
  const change = (postId: string, edit: (post: Post) => Post) => $posts.set($posts.get().map((post) => (post.id === postId ? edit(post) : post)))
  return {
    $posts,
    like(postId: string): void {
      change(postId, toggleLike)
    },
    /** Adds a comment by `author`; one that is empty once trimmed is ignored (answers false). */
    comment(postId: string, author: string, text: string): boolean {
      const message = text.trim()
      if (!message || !$posts.get().some((post) => post.id === postId)) return false
      const entry: PostComment = { id: id('c'), author, date: now().toISOString(), message }
      change(postId, (post) => ({ ...post, comments: [...post.comments, entry] }))
      return true
    },
    /** Puts a post by `author` on top; an empty one, or one with more than two images, is refused (answers false). */
    post(author: string, text: string, images: readonly PostImage[]): boolean {
      const content = postContent(text, images)
      if (!content) return false
      const post: Post = { id: id('p'), author, avatar: '', date: now().toISOString(), ...content, likes: 0, liked: false, comments: [] }
      $posts.set([post, ...$posts.get()])
      return true
    },
  }
}

export type TimelineStore = ReturnType<typeof createTimeline>
