import { clsx } from 'clsx'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { PostComposer } from '../social/post-composer'
import { PostList } from '../social/post-list'
import type { TimelineStore } from '../social/posts'
import { timeline as defaultTimeline } from '../social/social-fixtures'
import s from './timeline-screen.module.css'
import './texts'

/** The template's social timeline: write a post with up to two images, like posts and comment on them. */
export function Timeline({ timeline }: { timeline: TimelineStore }) {
  const t = useT()
  return (
    <div className={s.timeline}>
      <p className={card.muted}>{t('demo-timeline.intro')}</p>
      <PostComposer timeline={timeline} />
      <section className={s.posts} aria-labelledby="demo-timeline-posts">
        <h2 id="demo-timeline-posts" className={clsx(card.cardTitle, s.title)}>
          {t('demo-timeline.posts')}
        </h2>
        <PostList timeline={timeline} />
      </section>
    </div>
  )
}

/** The demo page: the tab's own timeline, shared with the profile. */
export default function TimelineScreen() {
  return <Timeline timeline={defaultTimeline} />
}
