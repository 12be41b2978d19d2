import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { PostPicture } from './post-picture'
import type { Post, TimelineStore } from './posts'
import { ME } from './social-fixtures'
import s from './social.module.css'
import './texts'

const person = (name: string, avatar = '') => ({ name, email: '', avatar })

/** Dates as the language writes them. */
function useStamp() {
  const locale = useStore($locale)
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale])
  return (date: string) => format.format(new Date(date))
}

/** The field under a post: Enter posts a comment that is not empty once trimmed. */
function CommentForm({ post, timeline, author }: { post: Post; timeline: TimelineStore; author: string }) {
  const t = useT()
  const id = useId()
  const [draft, setDraft] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (timeline.comment(post.id, author, draft)) setDraft('')
  }
  return (
    <form className={s.commentForm} onSubmit={submit}>
      <Avatar user={person(author)} size={32} className={clsx(s.avatar, s.small)} />
      <label htmlFor={id} className="visually-hidden">
        {t('demo-social.commentOn', { name: post.author })}
      </label>
      <input
        id={id}
        className={s.field}
        value={draft}
        placeholder={t('demo-social.commentPlaceholder')}
        enterKeyHint="send"
        onChange={(event) => setDraft(event.currentTarget.value)}
      />
    </form>
  )
}

/** One post: its author and date, text, pictures, likes and comments. */
function PostCard({ post, timeline, me }: { post: Post; timeline: TimelineStore; me: string }) {
  const t = useT()
  const locale = useStore($locale)
  const stamp = useStamp()
  const headingId = useId()
  return (
    <article className={clsx(card.card, s.post)} aria-labelledby={headingId}>
      <header className={s.head}>
        <Avatar user={person(post.author, post.avatar)} size={40} className={s.avatar} />
        <div>
          <h3 id={headingId} className={card.cardTitle}>
            {post.author}
          </h3>
          <time className={card.muted} dateTime={post.date}>
            {stamp(post.date)}
          </time>
        </div>
      </header>
      {post.text && (
        <p className={s.text} dir="auto">
          {post.text}
        </p>
      )}
      {post.images.length > 0 && (
        <div className={s.pictures}>
          {post.images.map((image) => (
            <PostPicture key={image.src} image={image} />
          ))}
        </div>
      )}
      <div className={s.actions}>
        <button type="button" className={s.like} aria-pressed={post.liked} onClick={() => timeline.like(post.id)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
          </svg>
          {t('demo-social.like')}
        </button>
        <span className={card.muted}>{t(pluralKey('demo-social.likes', post.likes, locale), { n: post.likes })}</span>
        <span className={card.muted}>{t(pluralKey('demo-social.comments', post.comments.length, locale), { n: post.comments.length })}</span>
      </div>
      {post.comments.length > 0 && (
        <ul className={s.comments} role="list" aria-label={t('demo-social.commentsOn', { name: post.author })}>
          {post.comments.map((comment) => (
            <li key={comment.id} className={s.comment}>
              <Avatar user={person(comment.author)} size={32} className={clsx(s.avatar, s.small)} />
              <div className={s.said}>
                <strong>{comment.author}</strong>
                <p className={s.text} dir="auto">
                  {comment.message}
                </p>
                <time className={card.muted} dateTime={comment.date}>
                  {stamp(comment.date)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
      <CommentForm post={post} timeline={timeline} author={me} />
    </article>
  )
}

/**
 * The timeline's posts, newest first, each with its like and its comments; `author` keeps only
 * that person's posts (the profile's own timeline). `me` likes and comments.
 */
export function PostList({ timeline, author, me = ME.name }: { timeline: TimelineStore; author?: string; me?: string }) {
  const t = useT()
  const posts = useStore(timeline.$posts).filter((post) => !author || post.author === author)
  if (!posts.length) return <p className={card.muted}>{t('demo-social.noPosts')}</p>
  return (
    <ol className={s.list} role="list">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} timeline={timeline} me={me} />
        </li>
      ))}
    </ol>
  )
}
