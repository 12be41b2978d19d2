import { useStore } from '@nanostores/react'
import { $session } from '../../stores/session'
import { Avatar } from '../../ui/avatar'
import { useT } from '../../ui/use-t'
import { MenuTree } from './menu-tree'
import { PresenceMenu } from './presence-menu'
import s from './sidebar.module.css'
import { useCurrent, useOpenCurrentGroups, useVisibleMenu } from './use-shell'

/** The signed-in user at the top of the sidebar: avatar, name and presence status. */
export function UserCard() {
  const { user } = useStore($session)
  if (!user) return null
  return (
    <div className={s.user}>
      <Avatar user={user} size={44} className={s.avatar} />
      <div className={s.who}>
        <p className={s.name}>{user.name}</p>
        <PresenceMenu />
      </div>
    </div>
  )
}

/** The sidebar: the user card, then the menu the user's rights allow. */
export function Sidebar() {
  const t = useT()
  const menu = useVisibleMenu()
  const current = useCurrent(menu)
  useOpenCurrentGroups(menu, current.link)
  return (
    <div className={s.sidebar}>
      <UserCard />
      <nav className={s.nav} aria-label={t('shell.mainMenu')}>
        <MenuTree items={menu} current={current} />
      </nav>
    </div>
  )
}
