import { useStore } from '@nanostores/react'
import { useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { $session } from '../../stores/session'
import { $ui, toggleSubMenu } from '../../stores/ui'
import { $pinnedViews } from '../../stores/pinned-views'
import { MENU, menuPathTo, visibleMenu, withPinnedViews, type MenuItem } from '../menu'
import { APP_BASE } from '../route-table'
import { SMALL_SCREEN_QUERY } from './constants'
import type { Current } from './menu-tree'
import { linkOf } from './nav-rules'

/** The absolute path of the page (the shell sits in the router nested at `/app`). */
export function useAppPath(): string {
  const [location] = useLocation()
  return APP_BASE + (location === '/' ? '' : location)
}

/** The menu entries the signed-in user may see, and the views pinned once they have loaded. */
export function useVisibleMenu(): MenuItem[] {
  const { user } = useStore($session)
  const pinned = useStore($pinnedViews)
  const rights = user?.rights
  return useMemo(() => withPinnedViews(visibleMenu(MENU, rights ?? []), pinned), [rights, pinned])
}

/** True while the viewport is narrower than the small-screen width (checked before paint). */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(false)
  useLayoutEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN_QUERY)
    const update = () => setSmall(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return small
}

/** Which entry of `menu` the page belongs to (`/app` is home). */
export function useCurrent(menu: readonly MenuItem[]): Current {
  const path = useAppPath()
  const page = path === APP_BASE ? `${APP_BASE}/home` : path
  const link = linkOf(menu, page)
  return { link, exact: link === page }
}

/** On every navigation, opens the groups that hold the page's entry. */
export function useOpenCurrentGroups(menu: readonly MenuItem[], link: string | undefined): void {
  useEffect(() => {
    const keys = link ? menuPathTo(menu, link) : []
    const key = keys[keys.length - 1]
    if (key && !$ui.get().subMenuOpen.includes(key)) toggleSubMenu(key, keys[keys.length - 2])
    // Only a change of page opens groups; a group the user closes stays closed until then.
  }, [link])
}
