import type { QueryValues } from '../contract/collections'
import { API } from '../contract/paths'
import { earlyKey, requestKey } from '../lib/early-answers'
import type { Right } from '../contract/rights'
import { APP_BASE } from '../contract/next-path'
import { firstRequestOf, type FirstRequest } from './first-requests'
import type { ScreenKey } from './route-table'

/** How long an early answer waits for its screen. */
export const EARLY_ANSWER_MS = 15_000

export interface EarlyStart {
  location: { pathname: string; search: string; href: string }
  /** The signed-in user's token; nothing is asked without one. */
  token: string | null
  /** The rights of the user as last read, if kept; a screen's request needing another right is not made. */
  rights: readonly string[] | null
  /** The API base, as the page's `api-host` meta tag gives it. */
  host: string
  /** The build's `{ files: [names in /assets/], shell, drawer, <screen>: [indexes into files] }`. */
  routes: Record<string, (string | number)[]>
  /** Whether the screen is small: its navigation is the drawer, whose code then comes with the shell's. */
  small: boolean
  preload: (attributes: Record<string, string>) => void
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /** Runs `run` after `ms` (setTimeout). */
  later: (run: () => void, ms: number) => void
  /** Where the answers wait for the calls that want them (`window.earlyAnswers`). */
  answers: Record<string, Promise<Response>>
}

/** The screen a page opens: its key, the right it needs, what it asks for first. */
export interface EarlyRoute {
  screen: ScreenKey
  right?: Right
  first?: FirstRequest | readonly FirstRequest[]
}

/**
 * For the screen `route` (the one `location` opens): preloads its code and styles with the shell's
 * (and the drawer's on a small screen), and asks for
 * `GET /users/self` and the screen's first request (a list, the home figures, a dashboard's
 * metrics) with the very query the screen will build from the address, so the screen's own call finds the answer on its way (`takeEarlyAnswer`).
 */
export function askEarly({ location, token, rights, host, routes, small, preload, fetch, later, answers }: EarlyStart, { screen, right, first = [] }: EarlyRoute): void {
  if (!token || !(location.pathname === APP_BASE || location.pathname.startsWith(`${APP_BASE}/`))) return
  const names = (routes.files ?? []) as string[]
  for (const index of [...(routes.shell ?? []), ...((small && routes.drawer) || []), ...(routes[screen] ?? [])]) {
    const href = `/assets/${names[index as number]}`
    preload(href.endsWith('.css') ? { rel: 'stylesheet', href } : { rel: 'modulepreload', href })
  }
  const base = host.replace(/\/+$/, '')
  const authorization = `Bearer ${token}`
  const ask = (path: string, query?: QueryValues) => {
    const url = requestKey(base + path, query, location.href)
    const key = earlyKey(authorization, url, undefined, location.href)
    const answer = fetch(url, { headers: { accept: 'application/json', authorization } })
    answers[key] = answer
    // A request that fails is asked again by the screen; nobody waits on this one. An answer no
    // screen took soon (the console went elsewhere) is too old to show later.
    const forget = () => answers[key] === answer && delete answers[key]
    answer.catch(forget)
    later(forget, EARLY_ANSWER_MS)
  }
  ask(API.self)
  // The screen will not ask what its user may not see: neither does this, when it knows the
  // user's rights from the last visit (without them it asks, as most screens are open to their users).
  if (!right || !rights || rights.includes(right)) {
    for (const request of (Array.isArray(first) ? first : [first]) as FirstRequest[]) {
      const asked = firstRequestOf(request, new URLSearchParams(location.search))
      if (asked) ask(asked.path, asked.query)
    }
  }
}
