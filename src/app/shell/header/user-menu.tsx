import { useStore } from '@nanostores/react'
import { Link, useLocation } from 'wouter'
import { $session } from '../../../stores/session'
import { signOut } from '../../../stores/sign-out'
import { Avatar } from '../../../ui/avatar'
import { buttonClass } from '../../../ui/button'
import { Dropdown } from '../../../ui/dropdown'
import { useT } from '../../../ui/use-t'
import s from './header.module.css'

export { initialsOf } from '../../../ui/avatar'

/** A 'Login' button when signed out; else the avatar menu with 'My Profile' and sign-out. */
export function UserMenu() {
  const t = useT()
  const { loggedIn, user } = useStore($session)
  const [, navigate] = useLocation()
  if (!loggedIn || !user) {
    return (
      <Link href="~/login" className={buttonClass('secondary')}>
        {t('header.login')}
      </Link>
    )
  }
  return (
    <Dropdown
      label={t('header.userMenu', { name: user.name })}
      buttonClassName={s.avatarButton}
      button={<Avatar user={user} size={32} className={s.avatar} />}
      items={[
        { key: 'profile', label: t('header.profile'), onSelect: () => navigate('~/app/profile') },
        {
          key: 'sign-out',
          label: t('header.signOut'),
          onSelect: () => {
            void signOut().then((done) => done && navigate('~/'))
          },
        },
      ]}
    />
  )
}
