import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import { Banner } from '../../ui/banner'
import { buttonClass } from '../../ui/button'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { ME, timeline as defaultTimeline } from '../social/social-fixtures'
import type { TimelineStore } from '../social/posts'
import '../texts'
import { AVATAR_MAX_BYTES, type Refusal } from '../uploads'
import { changeAvatar, CONNECTIONS, FOLLOWERS, PROFILE_TABS, tabAfterKey, type ProfileTab } from './profile'
import { ProfilePanel } from './profile-panels'
import s from './user-profile-screen.module.css'
import './texts'

const revoke = (url: string) => URL.revokeObjectURL(url)

/** The template's user profile: a cover, the avatar (which can be changed), the stats and tabs of what she shares. */
export function UserProfile({ timeline }: { timeline: TimelineStore }) {
  const t = useT()
  const number = new Intl.NumberFormat(useStore($locale))
  const posts = useStore(timeline.$posts).filter((post) => post.author === ME.name).length
  const [tab, setTab] = useState<ProfileTab>('about')
  const [avatar, setAvatar] = useState('')
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const tabs = useRef<HTMLDivElement>(null)
  const shown = useRef(avatar)
  shown.current = avatar
  // The picked avatar is a preview of this visit only: let it go with the page.
  useEffect(
    () => () => {
      if (shown.current) revoke(shown.current)
    },
    [],
  )
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    event.currentTarget.value = ''
    if (!file) return
    const result = changeAvatar(avatar, file, (picked) => URL.createObjectURL(picked), revoke)
    setAvatar(result.avatar)
    setRefusal(result.refusal)
  }
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(tab, event.key, document.documentElement.dir === 'rtl')
    if (!next) return
    event.preventDefault()
    setTab(next)
    tabs.current?.querySelector<HTMLElement>(`#demo-profile-tab-${next}`)?.focus()
  }
  const stats = [
    ['posts', posts],
    ['connections', CONNECTIONS.length],
    ['followers', FOLLOWERS],
  ] as const
  return (
    <div className={s.profile}>
      <section className={clsx(card.card, s.card)} aria-labelledby="demo-profile-name">
        <div className={s.cover} />
        <div className={s.identity}>
          <Avatar user={{ name: ME.name, email: ME.email, avatar }} size={96} className={s.avatar} />
          <div className={s.who}>
            <h2 id="demo-profile-name" className={s.title}>
              {ME.name}
            </h2>
            <p className={card.muted}>{ME.title}</p>
          </div>
          <div className={s.change}>
            <input
              id="demo-profile-avatar"
              type="file"
              accept="image/jpeg,image/png,image/bmp"
              className={clsx('visually-hidden', s.file)}
              aria-describedby="demo-profile-avatar-hint"
              onChange={pick}
            />
            <label htmlFor="demo-profile-avatar" className={buttonClass('secondary')}>
              {t('demo-user-profile.changeAvatar')}
            </label>
            <span id="demo-profile-avatar-hint" className={card.muted}>
              {t('demo-user-profile.avatarHint', { kb: AVATAR_MAX_BYTES / 1000 })}
            </span>
          </div>
        </div>
        {refusal && (
          <Banner variant="error" onClose={() => setRefusal(null)}>
            {t(`demo.upload.${refusal.key}`, refusal.values)}
          </Banner>
        )}
        <dl className={s.stats}>
          {stats.map(([key, value]) => (
            <div key={key}>
              <dt className={card.muted}>{t(`demo-user-profile.${key}`)}</dt>
              <dd className={s.figure}>{number.format(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div ref={tabs} className={s.tabs} role="tablist" aria-label={t('demo-user-profile.tabs')} onKeyDown={onKey}>
        {PROFILE_TABS.map((name) => (
          <button
            key={name}
            id={`demo-profile-tab-${name}`}
            type="button"
            role="tab"
            className={s.tab}
            aria-selected={name === tab}
            aria-controls="demo-profile-panel"
            tabIndex={name === tab ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(`demo-user-profile.${name}`)}
          </button>
        ))}
      </div>
      <div id="demo-profile-panel" className={clsx(tab !== 'timeline' && card.card, s.panel)} role="tabpanel" aria-labelledby={`demo-profile-tab-${tab}`} tabIndex={0}>
        <ProfilePanel tab={tab} timeline={timeline} />
      </div>
    </div>
  )
}

/** The demo page: the made-up person's profile, with the timeline page's posts. */
export default function UserProfileScreen() {
  return <UserProfile timeline={defaultTimeline} />
}
