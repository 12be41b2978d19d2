import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { messageText } from '../../lib/i18n'
import { $session, hideMessage, logout } from '../../stores/session'
import { Banner } from '../../ui/banner'
import { Brand } from '../../ui/brand'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import s from './home-screen.module.css'

/** The signed-in start page: who you are, where, and what you may open. */
export default function HomeScreen() {
  const t = useT()
  const { user, loading, message } = useStore($session)
  const [, navigate] = useLocation()
  useEffect(() => {
    if ($session.get().message !== null) hideMessage()
  }, [])
  if (!user) return null

  const signOut = async () => {
    if (await logout()) navigate('~/')
  }
  return (
    <div className={s.page}>
      <header className={s.header}>
        <Brand />
        <Button variant="secondary" busy={loading} onClick={signOut}>
          {t('home.signOut')}
        </Button>
      </header>
      <main className={s.main}>
        {message && (
          <Banner variant="error" onClose={hideMessage}>
            {messageText(message)}
          </Banner>
        )}
        <h1 className={s.title}>{t('home.greeting', { name: user.name })}</h1>
        <section className={s.card} aria-labelledby="home-organization">
          <h2 id="home-organization" className={s.heading}>
            {t('home.organization')}
          </h2>
          <p>{user.organization.name}</p>
        </section>
        <section className={s.card} aria-labelledby="home-rights">
          <h2 id="home-rights" className={s.heading}>
            {t('home.rights')}
          </h2>
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
      </main>
    </div>
  )
}
