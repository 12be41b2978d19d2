import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { App } from './app/app'
import { APP_BASE, APP_PAGE as APP_PAGE_NAME, APP_ROUTES, NOT_FOUND_PAGE as NOT_FOUND_NAME, PAGE_ROUTES, titleOf, type ScreenKey } from './app/route-table'
import { SCREENS } from './app/screens'
import { BRAND } from './contract/brand'
import { t } from './lib/i18n'

/** Build-time only: the pages `build.mjs` writes as static HTML before any script runs. */
export const PAGES = PAGE_ROUTES.map(({ path, screen, page }) => ({ path, screen, page, title: titleOf(path) }))
export const NOT_FOUND_PAGE = { key: '404', path: '/404', screen: 'not-found' as ScreenKey, page: NOT_FOUND_NAME, title: titleOf('/not-found') }
export const APP_PAGE = { key: 'app', path: APP_BASE, page: APP_PAGE_NAME, title: '' }
/** The screens of `/app`, each with the page the server sends for its address. */
export const APP_SCREENS: ScreenKey[] = APP_ROUTES.map((route) => route.screen)
export const APP_ROUTE_PAGES = APP_ROUTES.map(({ path, screen, right }) => ({
  path: APP_BASE + path,
  screen,
  page: screen === 'home' ? APP_PAGE_NAME : `${APP_PAGE_NAME}-${screen}`,
  title: '',
  /** The right the screen needs, for the page's own start script. */
  right,
}))
export const BRAND_TEXTS = { name: t(BRAND.name), description: t(BRAND.description) }

export async function renderPage(path: string, screen?: ScreenKey): Promise<string> {
  if (screen) await SCREENS[screen].preload()
  // A fixed location: Preact's useSyncExternalStore ignores server snapshots, so wouter must not
  // reach for the browser's `location` here.
  const hook = (): [string, () => void] => [path, () => undefined]
  return renderToString(
    <Router hook={hook} searchHook={() => ''}>
      <App ssrPath={path} />
    </Router>,
  )
}
