import { useStore } from '@nanostores/react'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { PostList } from '../social/post-list'
import { PostPicture } from '../social/post-picture'
import type { TimelineStore } from '../social/posts'
import { ME } from '../social/social-fixtures'
import { CONNECTIONS, PHOTOS, type ProfileTab } from './profile'
import s from './user-profile-screen.module.css'
import './texts'

function About() {
  const t = useT()
  const locale = useStore($locale)
  const joined = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ME.joined))
  const facts = [
    ['email', ME.email],
    ['phone', ME.phone],
    ['location', ME.location],
    ['joined', joined],
  ] as const
  return (
    <>
      <p className={s.about}>{ME.about}</p>
      <dl className={s.facts}>
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`demo-user-profile.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}

function Connections() {
  return (
    <ul className={s.people} role="list">
      {CONNECTIONS.map((connection) => (
        <li key={connection.name} className={s.person}>
          <Avatar user={{ name: connection.name, email: '', avatar: '' }} size={48} className={s.personAvatar} />
          <div>
            <p className={s.name}>{connection.name}</p>
            <p className={card.muted}>
              {connection.title}, {connection.location}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

function Photos() {
  return (
    <ul className={s.photos} role="list">
      {PHOTOS.map((photo) => (
        <li key={photo.src}>
          <PostPicture image={photo} />
        </li>
      ))}
    </ul>
  )
}

/** What each of the profile's tabs shows; the timeline is the timeline page's own posts, hers only. */
export function ProfilePanel({ tab, timeline }: { tab: ProfileTab; timeline: TimelineStore }) {
  if (tab === 'about') return <About />
  if (tab === 'connections') return <Connections />
  if (tab === 'photos') return <Photos />
  return <PostList timeline={timeline} author={ME.name} />
}
