import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { Link } from 'wouter'
import { $ui, toggleSubMenu } from '../../stores/ui'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { menuLinks, menuText, type MenuItem } from '../menu'
import s from './menu-tree.module.css'

export interface Current {
  /** The link of the entry the page belongs to. */
  link?: string
  /** True when the page is that entry's own page (not a detail view under it). */
  exact: boolean
}

export function MenuBadge({ badge }: { badge?: string }) {
  const t = useT()
  return badge ? <span className={s.badge}>{t(badge)}</span> : null
}

/** One link of the menu; the current page's has `aria-current="page"`. */
export function MenuLink({ item, current, className }: { item: MenuItem; current: Current; className?: string }) {
  const t = useT()
  const here = item.link === current.link
  return (
    <Link
      href={`~${item.link}`}
      className={clsx(s.item, here && s.active, className)}
      aria-current={here && current.exact ? 'page' : undefined}
    >
      {item.icon && <Icon name={item.icon} className={s.icon} />}
      <span className={s.label}>{menuText(t, item)}</span>
      <MenuBadge badge={item.badge} />
    </Link>
  )
}

function MenuGroup({ item, current }: { item: MenuItem; current: Current }) {
  const t = useT()
  const { subMenuOpen } = useStore($ui)
  const open = subMenuOpen.includes(item.key)
  const holdsCurrent = menuLinks(item.child ?? []).some((entry) => entry.link === current.link)
  const id = `menu-group-${item.key}`
  return (
    <li className={s.group}>
      <button
        type="button"
        className={clsx(s.item, holdsCurrent && s.holds)}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => toggleSubMenu(item.key, item.keyParent)}
      >
        {item.icon && <Icon name={item.icon} className={s.icon} />}
        <span className={s.label}>{menuText(t, item)}</span>
        <MenuBadge badge={item.badge} />
        <Icon name="chevron-down" className={clsx(s.chevron, open && s.turned)} size={16} />
      </button>
      <MenuTree id={id} items={item.child ?? []} current={current} nested hidden={!open} />
    </li>
  )
}

/** The sidebar's menu: section headings, links with icons and badges, groups that open in place. */
export function MenuTree(props: { items: readonly MenuItem[]; current: Current; id?: string; nested?: boolean; hidden?: boolean }) {
  const { items, current, id, nested, hidden } = props
  const t = useT()
  return (
    <ul id={id} role="list" className={clsx(s.tree, nested && s.nested)} hidden={hidden}>
      {items.map((item) =>
        item.title ? (
          <li key={item.key} className={s.heading}>
            {menuText(t, item)}
          </li>
        ) : item.child ? (
          <MenuGroup key={item.key} item={item} current={current} />
        ) : (
          <li key={item.key}>
            <MenuLink item={item} current={current} />
          </li>
        ),
      )}
    </ul>
  )
}
