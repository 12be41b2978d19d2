import type { Right } from '../contract/rights'

/** Every screen the console can show; `screens.ts` maps each to its lazily loaded code. */
export type ScreenKey =
  | 'sign-in'
  | 'register'
  | 'reset-password'
  | 'terms'
  | 'sign-in-firebase'
  | 'register-firebase'
  | 'not-found'
  | 'server-error'
  | 'home'

export interface PageRoute {
  path: string
  screen: ScreenKey
  /** Name of the prerendered HTML file. */
  page: string
  /** Public routes send a signed-in visitor on to the console. */
  publicOnly: boolean
}

export interface AppRoute {
  /** Path inside `/app`. */
  path: string
  screen: ScreenKey
  /** The right the user's rights must contain; none means signed-in is enough. */
  right?: Right
}

export const APP_BASE = '/app'
export const SIGN_IN_PATH = '/login'
export const SERVER_ERROR_PATH = '/502'

/** Routes outside `/app`, each prerendered at build time. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', screen: 'sign-in', page: 'login', publicOnly: true },
  { path: '/login', screen: 'sign-in', page: 'login', publicOnly: true },
  { path: '/register', screen: 'register', page: 'register', publicOnly: true },
  { path: '/reset-password', screen: 'reset-password', page: 'reset-password', publicOnly: true },
  { path: '/login-firebase', screen: 'sign-in-firebase', page: 'login-firebase', publicOnly: true },
  { path: '/register-firebase', screen: 'register-firebase', page: 'register-firebase', publicOnly: true },
  { path: '/terms-conditions', screen: 'terms', page: 'terms-conditions', publicOnly: false },
  { path: SERVER_ERROR_PATH, screen: 'server-error', page: '502', publicOnly: false },
]

/** Pages that are not routes: the fallback for unknown paths and the console's shell. */
export const NOT_FOUND_PAGE = '404'
export const APP_PAGE = 'app'

export const APP_ROUTES: readonly AppRoute[] = [{ path: '/home', screen: 'home' }]

/** The route inside `/app` for `path` (relative to `/app`); unknown paths fall back to home. */
export function appRouteFor(path: string): AppRoute {
  const clean = path.replace(/\/+$/, '') || '/home'
  return APP_ROUTES.find((route) => route.path === clean) ?? (APP_ROUTES[0] as AppRoute)
}

export const pageRouteFor = (path: string): PageRoute | undefined => PAGE_ROUTES.find((route) => route.path === path)

/** A page's title from its last path segment, dashes shown as spaces. */
export function titleOf(path: string): string {
  const segment = path.split('/').filter(Boolean).pop() ?? 'login'
  return segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
