import type { MenuIconName } from '../ui/icons'

export interface DemoPage {
  /** The last segment of its path, `/app/pages/<page>`, and of its title. */
  page: string
  screen: string
  icon: MenuIconName
}

const PAGES = [
  { page: 'task', screen: 'demo-task', icon: 'task' },
  { page: 'tables', screen: 'demo-tables', icon: 'table' },
  { page: 'invoice', screen: 'demo-invoice', icon: 'billing' },
] as const satisfies readonly DemoPage[]

/**
 * The template's demo pages (SPEC.md section 2): hard-coded data, no backend effect. Each is a
 * screen of its own under `/app/pages/`, open to every signed-in user and loaded only when opened.
 * A build made with `--no-demo` (or `DEMO=off`) has none: no route, no menu group, no code.
 */
export const DEMO_PAGES: readonly (typeof PAGES)[number][] = process.env.DEMO === 'off' ? [] : PAGES

/** The path inside `/app` of a demo page. */
export const demoPath = (page: string) => `/pages/${page}`
