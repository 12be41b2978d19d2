import { useT } from '../../ui/use-t'
import { menuLinks, menuText, type MenuItem } from '../menu'
import { MenuLink, type Current } from './menu-tree'
import { NavBar } from './nav-bar'
import s from './top-navigation.module.css'

/** A group's dropdown: its section headings and links, a nested group as a labelled sub-list. */
function GroupList({ group, current }: { group: MenuItem; current: Current }) {
  const t = useT()
  return (
    <ul role="list" className={s.list}>
      {(group.child ?? []).map((item) =>
        item.title ? (
          <li key={item.key} className={s.heading}>
            {menuText(t, item)}
          </li>
        ) : item.child ? (
          <li key={item.key}>
            <span className={s.heading} id={`top-nav-${item.key}`}>
              {menuText(t, item)}
            </span>
            <ul role="list" className={s.list} aria-labelledby={`top-nav-${item.key}`}>
              {menuLinks(item.child).map((entry) => (
                <li key={entry.key}>
                  <MenuLink item={entry} current={current} />
                </li>
              ))}
            </ul>
          </li>
        ) : (
          <li key={item.key}>
            <MenuLink item={item} current={current} />
          </li>
        ),
      )}
    </ul>
  )
}

/** The menu as a horizontal bar under the header, each group a dropdown. */
export default function TopNavigation() {
  return <NavBar variant="dropdown" panel={(group, current) => <GroupList group={group} current={current} />} />
}
