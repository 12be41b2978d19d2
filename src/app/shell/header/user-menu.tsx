import { useStore } from '@nanostores/react'
import { Link, useLocation } from 'wouter'
import { $session, logout } from '../../../stores/session'
import { buttonClass } from '../../../ui/button'
import { Dropdown } from '../../../ui/dropdown'
import { useT } from '../../../ui/use-t'
import s from './header.module.css'

/** Up to two letters of a name: 'Ada Lovelace' is 'AL'. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')

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
      button={
        user.avatar ? (
          <img className={s.avatar} src={user.avatar} alt="" width={32} height={32} />
        ) : (
          <span className={s.avatar} aria-hidden="true">
            {initialsOf(user.name || user.email)}
          </span>
        )
      }
      items={[
        { key: 'profile', label: t('header.profile'), onSelect: () => navigate('~/app/profile') },
        {
          key: 'sign-out',
          label: t('header.signOut'),
          onSelect: () => {
            void logout().then((done) => done && navigate('~/'))
          },
        },
      ]}
    />
  )
}
