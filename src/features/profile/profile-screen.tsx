import { useStore } from '@nanostores/react'
import { $session } from '../../stores/session'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import s from './profile-screen.module.css'

/** The signed-in user: who, where, and with which rights. */
export default function ProfileScreen() {
  const t = useT()
  const { user } = useStore($session)
  if (!user) return null
  return (
    <section className={s.profile} aria-labelledby="profile-title">
      <h2 id="profile-title" className={s.title}>
        {user.name}
      </h2>
      <dl className={s.facts}>
        <dt>{t('profile.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('profile.organization')}</dt>
        <dd>{user.organization.name}</dd>
        <dt>{t('profile.rights')}</dt>
        <dd>{user.rights.map((right) => t(`menu.${right}`)).join(', ')}</dd>
      </dl>
    </section>
  )
}
