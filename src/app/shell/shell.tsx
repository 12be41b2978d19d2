import { BRAND } from '../../contract/brand'
import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { screenOf } from '../../lib/lazy-screen'
import { $palette, $ui } from '../../stores/ui'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import { appRouteFor, titleOf } from '../route-table'
import { Breadcrumb } from './breadcrumb'
import { NAVIGATION_ID } from './constants'
import { Drawer } from './drawer'
import { Header } from './header/header'
import { LoadingBar } from './loading-bar'
import { showsBreadcrumb } from './nav-rules'
import { CodePanel } from './panels/code-panel'
import { Panels } from './panels/panels'
import s from './shell.module.css'
import { Sidebar } from './sidebar'
import { useAppPath, useSmallScreen } from './use-shell'
import { useDocumentTitle, usePageTransition } from './use-page'

/**
 * The layouts other than the default sidebar load when chosen: the first paint of the default
 * layout carries none of them. The small screen's drawer does not wait: its menu button must
 * answer the first tap.
 */
const BigSidebar = lazy(() => import('./big-sidebar').then(({ BigSidebar }) => ({ default: BigSidebar })))
const TopNavigation = lazy(() => import('./top-navigation').then(({ TopNavigation }) => ({ default: TopNavigation })))
const MegaMenu = lazy(() => import('./mega-menu').then(({ MegaMenu }) => ({ default: MegaMenu })))

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
        <Suspense fallback={null}>
          <BigSidebar />
        </Suspense>
      </aside>
    )
  }
  return null
}

const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  document.getElementById('content')?.focus()
}

/** Offline, the outbox and a new version: none of it is needed for the first paint. */
const StatusNotices = lazy(() => import('./status-notices').then(({ StatusNotices }) => ({ default: StatusNotices })))

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
 * is a screen of the screen table (src/app/screens.ts), so nothing of it, code or styles, is in
 * the first load.
 */
function PaletteSlot() {
  const open = useStore($palette)
  useEffect(() => {
    document.addEventListener('keydown', onPaletteKey)
    return () => document.removeEventListener('keydown', onPaletteKey)
  }, [])
  const Palette = open ? screenOf('palette') : undefined
  return Palette ? (
    <Suspense fallback={null}>
      <Palette />
    </Suspense>
  ) : null
}

/** Rights changed elsewhere reach this console live; the watcher loads after the first paint. */
function useRightsWatch() {
  useEffect(() => {
    let stop: (() => void) | undefined
    let gone = false
    void import('./rights-watch').then(({ watchRights }) => {
      if (!gone) stop = watchRights()
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [])
}

/** The menu's pinned views load after the first paint and follow changes; the shell never waits for them. */
function usePinnedViews() {
  useEffect(() => {
    let stop: (() => void) | undefined
    let gone = false
    void import('./pinned-views').then(({ watchPinnedViews }) => {
      if (!gone) stop = watchPinnedViews()
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [])
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
  const bar = !small && (layout === 'top-navigation' || layout === 'mega-menu')
  useRightsWatch()
  usePinnedViews()
  return (
    <div className={s.shell} data-layout={layout}>
      <a href="#content" className={s.skip} onClick={skipToContent}>
        {t('shell.skipToContent')}
      </a>
      <LoadingBar path={path} />
      <Header />
      {bar && <Suspense fallback={null}>{layout === 'top-navigation' ? <TopNavigation /> : <MegaMenu />}</Suspense>}
      <div className={s.body}>
        <Navigation small={small} />
        <main id="content" tabIndex={-1} className={s.main} style={{ minBlockSize: minHeight }}>
          <div key={path} className={s.page}>
            <Suspense fallback={null}>
              <StatusNotices />
            </Suspense>
            {showsBreadcrumb(path) && <Breadcrumb path={path} />}
            <h1 className={s.title}>{title}</h1>
            <CodePanel component={appRouteFor(location).screen} />
            {children}
          </div>
        </main>
      </div>
      <Panels />
      <PaletteSlot />
    </div>
  )
}
