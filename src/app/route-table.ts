import { APP_BASE } from '../contract/next-path'
import type { Right } from '../contract/rights'
import { DEMO_PAGE_ROUTES, DEMO_PAGES, demoPath } from './demo-pages'

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
  | 'landing'
  | 'home'
  | 'profile'
  | 'devices'
  | 'device'
  | 'enrollment-keys'
  | 'alerts'
  | 'alert-rules'
  | 'tunnels'
  | 'tunnel'
  | 'access-keys'
  | 'users'
  | 'user'
  | 'roles'
  | 'role'
  | 'organizations'
  | 'app-ids'
  | 'webhooks'
  | 'billing'
  | 'network'
  | 'traffic'
  | 'audit'
  | 'invitation'
  | 'api-reference'
  | 'shell'
  | 'big-sidebar'
  | 'top-navigation'
  | 'mega-menu'
  | 'settings'
  | 'guide'
  | 'code-panel'
  | 'status-notices'
  | 'palette'
  | 'sign-out'
  | 'bulk'
  | 'bulk-audit'
  | 'demo-task'
  | 'demo-article'
  | 'demo-tables'
  | 'demo-invoice'
  | 'demo-crm-dashboard'
  | 'demo-crypto-dashboard'
  | 'demo-contacts'
  | 'demo-email'
  | 'demo-chat'
  | 'demo-calendar'
  | 'demo-timeline'
  | 'demo-user-profile'
  | 'demo-photo-gallery'
  | 'demo-products'
  | 'demo-checkout'
  | 'demo-forms'
  | 'demo-widgets'

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

export { APP_BASE }
export const SIGN_IN_PATH = '/login'
/** Where an invitation's link lands: the invitee sets a name and password there. */
export const INVITATION_PATH = '/invitation'
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
  { path: '/landing', screen: 'landing', page: 'landing', publicOnly: false },
  { path: SERVER_ERROR_PATH, screen: 'server-error', page: '502', publicOnly: false },
  { path: INVITATION_PATH, screen: 'invitation', page: 'invitation', publicOnly: false },
  ...DEMO_PAGE_ROUTES,
]

/** Pages that are not routes: the fallback for unknown paths and the console's shell. */
export const NOT_FOUND_PAGE = '404'
export const APP_PAGE = 'app'


/** Every route inside `/app`; home first, as unknown paths fall back to it. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/home', screen: 'home' },
  { path: '/profile', screen: 'profile' },
  { path: '/organizations', screen: 'organizations', right: 'organizations' },
  { path: '/billing', screen: 'billing', right: 'billing' },
  { path: '/access_keys', screen: 'access-keys', right: 'access_keys' },
  // Signed-in is enough: the trail shows each viewer the entries of the rights they hold.
  { path: '/audit', screen: 'audit' },
  { path: '/users', screen: 'users', right: 'users' },
  { path: '/users/details', screen: 'user', right: 'users' },
  { path: '/roles', screen: 'roles', right: 'roles' },
  { path: '/roles/details', screen: 'role', right: 'roles' },
  { path: '/devices', screen: 'devices', right: 'devices' },
  { path: '/devices/details', screen: 'device', right: 'devices' },
  { path: '/devices/enrollment-keys', screen: 'enrollment-keys', right: 'devices' },
  { path: '/alerts', screen: 'alerts', right: 'alerts' },
  { path: '/alerts/rules', screen: 'alert-rules', right: 'alerts' },
  { path: '/tunnels', screen: 'tunnels', right: 'tunnels' },
  { path: '/tunnels/details', screen: 'tunnel', right: 'tunnels' },
  { path: '/app_ids', screen: 'app-ids', right: 'app_ids' },
  { path: '/alerts/webhooks', screen: 'webhooks', right: 'alerts' },
  { path: '/network', screen: 'network', right: 'network' },
  { path: '/traffic', screen: 'traffic', right: 'traffic' },
  // The API's reference, from its own description: signed-in is enough.
  { path: '/api', screen: 'api-reference' },
  // The template's demo pages: signed-in is enough.
  ...DEMO_PAGES.map((demo) => ({ path: demoPath(demo), screen: demo.screen })),
]

/** The route inside `/app` for `path` (relative to `/app`); unknown paths fall back to home. */
export function appRouteFor(path: string): AppRoute {
  const clean = path.replace(/\/+$/, '') || '/home'
  return APP_ROUTES.find((route) => route.path === clean) ?? (APP_ROUTES[0] as AppRoute)
}

export const pageRouteFor = (path: string): PageRoute | undefined => PAGE_ROUTES.find((route) => route.path === path)

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A page's title: its last path segment with dashes shown as spaces. Where that reading would
 * not do, `titles.<segment>` in the locale files names the page ('devices' is 'Edge And
 * Connected Devices'); `text` is the translate function, which answers a missing key with itself.
 */
export function titleOf(path: string, text: (key: string) => string = (key) => key): string {
  const segment = path.split('/').filter(Boolean).pop() ?? 'login'
  const key = `titles.${segment}`
  const named = text(key)
  return named !== key ? named : segment.split('-').map(capitalise).join(' ')
}
