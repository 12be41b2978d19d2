import type { MenuIconName } from '../ui/icons'

export interface DemoPage {
  /** The last segment of its path and of its title. */
  page: string
  screen: string
  icon: MenuIconName
  /** Its path inside `/app`: `/pages/<page>` unless said (the two demo dashboards sit at the top). */
  path?: string
}

const PAGES = [
  { page: 'crm-dashboard', screen: 'demo-crm-dashboard', icon: 'dashboard', path: '/crm-dashboard' },
  { page: 'crypto-dashboard', screen: 'demo-crypto-dashboard', icon: 'traffic', path: '/crypto-dashboard' },
  { page: 'contacts', screen: 'demo-contacts', icon: 'users' },
  { page: 'email', screen: 'demo-email', icon: 'mail' },
  { page: 'chat', screen: 'demo-chat', icon: 'chat' },
  { page: 'task', screen: 'demo-task', icon: 'task' },
  { page: 'calendar', screen: 'demo-calendar', icon: 'calendar' },
  { page: 'timeline', screen: 'demo-timeline', icon: 'timeline' },
  { page: 'user-profile', screen: 'demo-user-profile', icon: 'user' },
  { page: 'photo-gallery', screen: 'demo-photo-gallery', icon: 'image' },
  { page: 'products', screen: 'demo-products', icon: 'app' },
  { page: 'checkout', screen: 'demo-checkout', icon: 'cart' },
  { page: 'invoice', screen: 'demo-invoice', icon: 'billing' },
  { page: 'tables', screen: 'demo-tables', icon: 'table' },
  { page: 'forms', screen: 'demo-forms', icon: 'edit' },
  { page: 'widgets', screen: 'demo-widgets', icon: 'dashboard' },
] as const satisfies readonly DemoPage[]

/**
 * The template's demo pages (SPEC.md section 2): hard-coded data, no backend effect. Each is a
 * screen of its own, open to every signed-in user and loaded only when opened. A build made with
 * `--no-demo` (or `DEMO=off`) has none: no route, no menu group, no code.
 */
export const DEMO_PAGES: readonly (typeof PAGES)[number][] = process.env.DEMO === 'off' ? [] : PAGES

/** The demo blog article: a public page outside `/app`, prerendered like the sign-in page. */
export const DEMO_ARTICLE = { path: '/blog/article', screen: 'demo-article', page: 'blog-article', publicOnly: false } as const
export const DEMO_PAGE_ROUTES: readonly (typeof DEMO_ARTICLE)[] = process.env.DEMO === 'off' ? [] : [DEMO_ARTICLE]

/** The path inside `/app` of a demo page. */
export const demoPath = (page: DemoPage) => page.path ?? `/pages/${page.page}`
