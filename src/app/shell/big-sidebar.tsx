import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { Link } from 'wouter'
import { $ui, setSidebarOpen, toggleSubMenu } from '../../stores/ui'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { menuLinks, menuText, type MenuItem } from '../menu'
import s from './big-sidebar.module.css'
import { MenuBadge, MenuTree, type Current } from './menu-tree'
import { UserCard } from './sidebar'
import { useCurrent, useOpenCurrentGroups, useVisibleMenu } from './use-shell'

const PANEL_ID = 'big-sidebar-panel'

function RailEntry({ item, current, open }: { item: MenuItem; current: Current; open: boolean }) {
  const t = useT()
  const icon = item.icon && <Icon name={item.icon} size={22} />
  if (!item.child) {
    const here = item.link === current.link
    return (
      <Link
        href={`~${item.link}`}
        className={clsx(s.entry, here && s.active)}
        aria-current={here && current.exact ? 'page' : undefined}
      >
        {icon}
        <span className={s.caption}>{menuText(t, item)}</span>
        <MenuBadge badge={item.badge} />
      </Link>
    )
  }
  const holds = menuLinks(item.child).some((entry) => entry.link === current.link)
  return (
    <button
      type="button"
      className={clsx(s.entry, holds && s.holds, open && s.open)}
      aria-expanded={open}
      aria-controls={PANEL_ID}
      onClick={() => {
        if (!open) setSidebarOpen(true)
        toggleSubMenu(item.key)
      }}
    >
      {icon}
      <span className={s.caption}>{menuText(t, item)}</span>
    </button>
  )
}

/** An icon rail of the top-level entries, and a wider panel with the open group's entries. */
export default function BigSidebar() {
  const t = useT()
  const menu = useVisibleMenu()
  const current = useCurrent(menu)
  useOpenCurrentGroups(menu, current.link)
  const { subMenuOpen, sidebarOpen } = useStore($ui)
  const group = menu.find((item) => item.child && subMenuOpen.includes(item.key))
  return (
    <div className={s.root}>
      <nav className={s.rail} aria-label={t('shell.mainMenu')}>
        <ul role="list" className={s.list}>
          {menu.map((item) => (
            <li key={item.key}>
              <RailEntry item={item} current={current} open={item === group && sidebarOpen} />
            </li>
          ))}
        </ul>
      </nav>
      <div id={PANEL_ID} className={s.panel} hidden={!sidebarOpen}>
        <UserCard />
        {group && (
          <nav aria-labelledby={`${PANEL_ID}-title`}>
            <h2 id={`${PANEL_ID}-title`} className={s.title}>
              {t(group.name)}
            </h2>
            <MenuTree items={group.child ?? []} current={current} />
          </nav>
        )}
      </div>
    </div>
  )
}
