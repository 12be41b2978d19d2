import { isRight, readersOf, type Right } from '../contract/rights'
import type { PinnedEntry } from '../stores/pinned-views'
import type { MenuIconName } from '../ui/icons'
import { DEMO_PAGES, demoPath } from './demo-pages'

/** One entry of the sidebar; `name` is a locale key, `title` marks a section heading. */
export interface MenuItem {
  key: string
  keyParent?: string
  name: string
  icon?: MenuIconName
  link?: string
  linkParent?: string
  child?: MenuItem[]
  /** Marks a section heading inside a group. */
  title?: boolean
  badge?: string
  /** A nested group inside a group. */
  multilevel?: boolean
  /** Shown to every signed-in user, whatever their rights (the demo pages). */
  open?: boolean
  /** The right that shows it, when its key is not one (webhooks show with `alerts`). */
  right?: Right
  /** Shown to a user holding any right: the audit trail, which shows the entries of each right held, and the API reference. */
  anyRight?: boolean
  /** A name as its owner typed it (a pinned view), shown as it is instead of `name`'s text. */
  label?: string
}

/** What an entry reads: its own label, else the text of its `name`. */
export const menuText = (t: (key: string) => string, item: MenuItem) => item.label ?? t(item.name)

/**
 * The menu with the pinned views as a last "Views" group, each linking to its list with `?view=`;
 * the menu as it was when none is pinned. The server lists only those the user may open.
 */
export function withPinnedViews(menu: MenuItem[], pinned: readonly PinnedEntry[]): MenuItem[] {
  if (!pinned.length) return menu
  const child = pinned.map((view) => ({
    key: `view_${view.id}`,
    keyParent: 'views',
    name: 'menu.view',
    label: view.name,
    icon: 'table' as const,
    link: `/app/${view.collection}?view=${encodeURIComponent(view.id)}`,
  }))
  return [...menu, { key: 'views', name: 'menu.views', icon: 'table', child }]
}

const leaf = (key: Right | 'home' | 'profile', icon: MenuIconName, keyParent?: string): MenuItem => ({
  key,
  keyParent,
  name: `menu.${key}`,
  icon,
  link: `/app/${key}`,
  ...(keyParent ? { linkParent: `/app/${key}` } : {}),
})

/** The demo pages' group, open to every signed-in user; none in a build without them. */
const DEMO_GROUP: MenuItem[] =
  process.env.DEMO === 'off'
    ? []
    : [
        {
          key: 'demo',
          name: 'menu.demo',
          icon: 'demo',
          child: DEMO_PAGES.map((demo) => ({
            key: `demo_${demo.page}`,
            keyParent: 'demo',
            name: `menu.demo_${demo.page}`,
            icon: demo.icon,
            link: `/app${demoPath(demo)}`,
            linkParent: `/app${demoPath(demo)}`,
            open: true,
          })),
        },
      ]

/**
 * The sidebar: Home, Account, User Control, Inventory and Dashboards, each entry keyed by the right
 * that opens it, then the demo pages.
 */
export const MENU: readonly MenuItem[] = [
  leaf('home', 'home'),
  {
    key: 'account',
    name: 'menu.account',
    icon: 'account',
    child: [
      { key: 'account_title', keyParent: 'account', name: 'menu.accountTitle', title: true },
      leaf('organizations', 'organization', 'account'),
      leaf('billing', 'billing', 'account'),
      leaf('access_keys', 'key', 'account'),
      { key: 'audit', keyParent: 'account', name: 'menu.audit', icon: 'timeline', link: '/app/audit', linkParent: '/app/audit', anyRight: true },
      { key: 'api', keyParent: 'account', name: 'menu.api', icon: 'code', link: '/app/api', linkParent: '/app/api', anyRight: true },
    ],
  },
  {
    key: 'user_control',
    name: 'menu.userControl',
    icon: 'users',
    child: [leaf('users', 'user', 'user_control'), leaf('roles', 'role', 'user_control')],
  },
  {
    key: 'inventory',
    name: 'menu.inventory',
    icon: 'inventory',
    child: [
      leaf('devices', 'device', 'inventory'),
      {
        key: 'enrollment_keys',
        keyParent: 'inventory',
        name: 'menu.enrollment_keys',
        icon: 'key',
        link: '/app/devices/enrollment-keys',
        linkParent: '/app/devices/enrollment-keys',
        right: 'devices',
      },
      leaf('alerts', 'bell', 'inventory'),
      { key: 'webhooks', keyParent: 'inventory', name: 'menu.webhooks', icon: 'webhook', link: '/app/alerts/webhooks', linkParent: '/app/alerts/webhooks', right: 'alerts' },
      {
        key: 'connectivity',
        keyParent: 'inventory',
        name: 'menu.connectivity',
        icon: 'tunnel',
        multilevel: true,
        child: [leaf('tunnels', 'tunnel', 'connectivity'), leaf('app_ids', 'app', 'connectivity')],
      },
    ],
  },
  {
    key: 'dashboards',
    name: 'menu.dashboards',
    icon: 'dashboard',
    child: [leaf('network', 'network', 'dashboards'), leaf('traffic', 'traffic', 'dashboards')],
  },
  ...DEMO_GROUP,
]

/** Whether `rights` may read what the entry keyed `key` opens (alerts: `devices` too). */
const mayRead = (key: string, rights: readonly string[]) => isRight(key) && readersOf(key).some((right) => rights.includes(right))

/**
 * The entries `rights` may see: a link shows when the rights may read what its key (or its
 * `right`) opens, the key is 'home', the entry is open to all, or to any right and some are held;
 * a group shows when something in it shows; a heading when its group does.
 */
export function visibleMenu(menu: readonly MenuItem[], rights: readonly string[]): MenuItem[] {
  const result: MenuItem[] = []
  for (const item of menu) {
    if (item.child) {
      const child = visibleMenu(item.child, rights)
      if (child.some((entry) => !entry.title)) result.push({ ...item, child })
    } else if (item.title || item.key === 'home' || item.open || mayRead(item.right ?? item.key, rights) || (item.anyRight && rights.length > 0)) {
      result.push(item)
    }
  }
  return result
}

/** Every entry with a link, depth first. */
export function menuLinks(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => [...(item.link ? [item] : []), ...menuLinks(item.child ?? [])])
}

export const SEARCH_LIMIT = 5

/**
 * Header search: up to 5 entries with a link whose (translated) name contains the query,
 * ignoring case; an empty query suggests nothing.
 */
export function searchMenu(menu: readonly MenuItem[], query: string, nameOf: (item: MenuItem) => string): MenuItem[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return []
  return menuLinks(menu)
    .filter((item) => nameOf(item).toLowerCase().includes(needle))
    .slice(0, SEARCH_LIMIT)
}

/** The groups (and nested group) holding `path`, outermost first: what the sidebar opens. */
export function menuPathTo(menu: readonly MenuItem[], path: string): string[] {
  for (const item of menu) {
    if (item.link === path) return []
    if (item.child) {
      const inner = menuPathTo(item.child, path)
      if (inner.length || menuLinks(item.child).some((entry) => entry.link === path)) return [item.key, ...inner]
    }
  }
  return []
}
