import { useStore } from '@nanostores/react'
import { $session } from '../../stores/session'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import s from './home-screen.module.css'
import './texts'
// The tiles and the trail are the page's content: they come with it (a lazy part would take one
// more render, and on a cold visit one more round trip, before the first tile shows).
import HomeTiles from './home-tiles'
import RecentChanges from './recent-changes'

/** The signed-in start page: the fleet at a glance, then where you are, what you may open, and what changed lately. */
export default function HomeScreen() {
  const t = useT()
  const { user } = useStore($session)
  if (!user) return null

  return (
    <div className={s.home}>
      <h2 className={s.greeting}>{t('home.greeting', { name: user.name })}</h2>
      {/* The fleet's figures first: on a phone they are what fits above the fold. */}
      {user.rights.length > 0 && <HomeTiles />}
      <section className={s.card} aria-labelledby="home-organization">
        <h3 id="home-organization" className={s.heading}>
          {t('home.organization')}
        </h3>
        <p>{user.organization.name}</p>
      </section>
      <section className={s.card} aria-labelledby="home-rights">
        <h3 id="home-rights" className={s.heading}>
          {t('home.rights')}
        </h3>
        {user.rights.length ? (
          <ul role="list" className={s.rights}>
            {user.rights.map((right) => (
              <li key={right} className={s.right}>
                {t(`home.right.${right}`)}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>{t('home.noRights')}</p>
        )}
      </section>
      {user.rights.length > 0 && <RecentChanges />}
    </div>
  )
}
