import { menuLinks, type MenuItem } from '../menu'
import { titleOf } from '../route-table'
import { NO_BREADCRUMB } from './constants'

const clean = (path: string) => path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/'

export interface Crumb {
  label: string
  href: string
}

/** True unless the page is one of those that show no breadcrumb. */
export function showsBreadcrumb(path: string): boolean {
  return !(NO_BREADCRUMB as readonly string[]).includes(clean(path))
}

/**
 * One crumb a path segment, each naming and linking to its prefix: `/app`, `/app/users`, ...
 * A crumb named as the one before it is the same page (`/app` is home): the deeper one stays.
 */
export function crumbsOf(path: string, text?: (key: string) => string): Crumb[] {
  const segments = clean(path).split('/').filter(Boolean)
  const crumbs = segments.map((_, index) => {
    const href = `/${segments.slice(0, index + 1).join('/')}`
    return { label: titleOf(href, text), href }
  })
  return crumbs.filter((crumb, index) => crumb.label !== crumbs[index + 1]?.label)
}

/**
 * The menu link a path belongs to: the path itself when an entry links there, else the nearest
 * prefix that does (`/app/users/details` belongs to `/app/users`).
 */
export function linkOf(menu: readonly MenuItem[], path: string): string | undefined {
  const links = new Set(menuLinks(menu).map((item) => item.link))
  for (let here = clean(path); here.length > 1; here = here.slice(0, here.lastIndexOf('/')) || '/') {
    if (links.has(here)) return here
  }
  return undefined
}

export interface MegaColumn {
  heading: string
  entries: MenuItem[]
}

/**
 * The columns of a group in the mega menu: its direct entries under the group's name (or under
 * the section heading that opens them), then one column for each nested group.
 */
export function columnsOf(group: MenuItem): MegaColumn[] {
  const columns: MegaColumn[] = []
  let current: MegaColumn = { heading: group.name, entries: [] }
  columns.push(current)
  for (const item of group.child ?? []) {
    if (item.title) {
      if (current.entries.length) columns.push((current = { heading: item.name, entries: [] }))
      else current.heading = item.name
    } else if (item.child) {
      columns.push({ heading: item.name, entries: menuLinks(item.child) })
    } else {
      current.entries.push(item)
    }
  }
  return columns.filter((column) => column.entries.length)
}
