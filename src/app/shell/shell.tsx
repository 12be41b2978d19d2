import { BRAND } from '../../contract/brand'
import { useStore } from '@nanostores/react'
import { useEffect, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { afterLoad } from '../../lib/after-load'
import { watchLater } from '../../lib/watch-later'
import { $palette, $ui } from '../../stores/ui'
import { laterPart, loadLaterParts } from '../../ui/lazy-part'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import { appRouteFor, titleOf } from '../route-table'
import { Breadcrumb } from './breadcrumb'
import { NAVIGATION_ID, SMALL_SCREEN_QUERY } from './constants'
import { Header } from './header/header'
import { LoadingBar } from './loading-bar'
import { showsBreadcrumb } from './nav-rules'
import { CodePanel } from './panels/code-panel'
import { Panels } from './panels/panels'
import s from './shell.module.css'
import { ShellPart } from './shell-part'
import { Sidebar } from './sidebar'
import { useAppPath, useSmallScreen } from './use-shell'
import { useDocumentTitle, usePageTransition } from './use-page'
import { useRouteFocus } from './route-focus'

/**
 * The small screen's navigation, a later part: a wide screen never draws it, so its first load
 * goes without it. On a small screen its code comes with the shell's (the page's start script
 * names it), so the menu button answers the first tap; its styles are in the shell's sheet (the
 * console kit names them).
 */
const Drawer = laterPart(() => import('./drawer').then((part) => part.Drawer))
if (typeof window !== 'undefined' && window.matchMedia?.(SMALL_SCREEN_QUERY).matches) void Drawer.preload().catch(() => undefined)

/** The navigation of the chosen layout; on small screens always the drawer. */
function Navigation({ small }: { small: boolean }) {
  const { layout, sidebarOpen } = useStore($ui)
  if (small) {
    return (
      <Drawer>
        <Sidebar />
      </Drawer>
    )
  }
  if (layout === 'sidebar') {
    return (
      <aside id={NAVIGATION_ID} className={s.aside} hidden={!sidebarOpen}>
        <Sidebar />
      </aside>
    )
  }
  if (layout === 'big-sidebar') {
    return (
      <aside id={NAVIGATION_ID} className={s.aside}>
        <ShellPart name="big-sidebar" />
      </aside>
    )
  }
  return null
}

const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  document.getElementById('content')?.focus()
}

/**
 * Ctrl+K (Cmd+K on a Mac) anywhere in the console opens the command palette, and closes it again.
 * The physical key counts too, so the keys work on a keyboard that does not type Latin letters.
 */
function onPaletteKey(event: KeyboardEvent) {
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && (event.key === 'k' || event.code === 'KeyK')) {
    event.preventDefault()
    $palette.set(!$palette.get())
  }
}

/**
 * The shell's only part of the command palette: its keys, and the palette once open. The palette
 * is a part of the screen table, so nothing of it, code or styles, is in the first load.
 */
function PaletteSlot() {
  const open = useStore($palette)
  useEffect(() => {
    document.addEventListener('keydown', onPaletteKey)
    return () => document.removeEventListener('keydown', onPaletteKey)
  }, [])
  return open ? <ShellPart name="palette" /> : null
}

/** Rights changed elsewhere reach this console live; the watcher loads after the first paint. */
function useRightsWatch() {
  useEffect(() => watchLater(() => import('./rights-watch'), ({ watchRights }) => watchRights()), [])
}

/** The menu's pinned views load after the first paint and follow changes; the shell never waits for them. */
function usePinnedViews() {
  useEffect(() => watchLater(() => import('./pinned-views'), ({ watchPinnedViews }) => watchPinnedViews()), [])
}

/** The frame around every signed-in screen: header, navigation, breadcrumb, title, then the screen. */
export default function Shell({ children }: { children?: ReactNode }) {
  const t = useT()
  const { layout } = useStore($ui)
  const [location] = useLocation()
  const path = useAppPath()
  const small = useSmallScreen()
  const title = titleOf(path, t)
  const minHeight = usePageTransition(path)
  useDocumentTitle(title, t(BRAND.name))
  const route = useRouteFocus(path, title)
  const bar = !small && (layout === 'top-navigation' || layout === 'mega-menu')
  useRightsWatch()
  usePinnedViews()
  // What no screen draws first but the console soon needs (a dialog's box, a menu's list) loads once the page has.
  useEffect(() => afterLoad(() => void loadLaterParts()), [])
  return (
    <div className={s.shell} data-layout={layout}>
      <a href="#content" className={s.skip} onClick={skipToContent}>
        {t('shell.skipToContent')}
      </a>
      <LoadingBar path={path} />
      <Header />
      {bar && <ShellPart name={layout === 'top-navigation' ? 'top-navigation' : 'mega-menu'} />}
      <div className={s.body}>
        <Navigation small={small} />
        <main id="content" tabIndex={-1} className={s.main} style={{ minBlockSize: minHeight }}>
          <div key={path} className={s.page}>
            {/* Offline, the outbox and a new version: none of it is needed for the first paint. */}
            <ShellPart name="status-notices" />
            {showsBreadcrumb(path) && <Breadcrumb path={path} />}
            <h1 ref={route.heading} tabIndex={-1} className={s.title}>
              {title}
            </h1>
            <CodePanel component={appRouteFor(location).screen} />
            {children}
          </div>
        </main>
      </div>
      <Panels />
      <PaletteSlot />
      {/* The new screen's title, said when the route changes. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {route.announced}
      </div>
    </div>
  )
}
