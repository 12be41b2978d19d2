import { useT } from '../../ui/use-t'
import type { MenuItem } from '../menu'
import s from './mega-menu.module.css'
import { MenuLink, type Current } from './menu-tree'
import { NavBar } from './nav-bar'
import { columnsOf } from './nav-rules'

/** Every entry of a group in columns, each under its heading. */
function MegaPanel({ group, current }: { group: MenuItem; current: Current }) {
  const t = useT()
  return (
    <div className={s.columns}>
      {columnsOf(group).map((column, index) => {
        const id = `mega-${group.key}-${index}`
        return (
          <section key={id} className={s.column} aria-labelledby={id}>
            <h2 id={id} className={s.heading}>
              {t(column.heading)}
            </h2>
            <ul role="list" className={s.list}>
              {column.entries.map((entry) => (
                <li key={entry.key}>
                  <MenuLink item={entry} current={current} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

/** A horizontal bar whose groups open one wide panel listing the group's entries in columns. */
export default function MegaMenu() {
  return <NavBar variant="mega" panel={(group, current) => <MegaPanel group={group} current={current} />} />
}
