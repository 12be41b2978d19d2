import type { Right } from '../contract/rights'
import { APP_BASE, SIGN_IN_PATH } from './route-table'

const ORIGIN = 'http://console.invalid'

/**
 * Where to go after sign-in: `next` when it is a path on this site, else `/app`.
 * Protocol-relative (`//host`), absolute (`https://…`) and backslash tricks are refused.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f]/.test(next)) return APP_BASE
  try {
    const url = new URL(next, ORIGIN)
    // Dot segments can resolve to `//host` (`/app/..//evil.example`), itself protocol-relative.
    if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return APP_BASE
    return url.pathname + url.search + url.hash
  } catch {
    return APP_BASE
  }
}

/** The sign-in address that brings the visitor back to `path` afterwards. */
export const signInFor = (path: string): string => `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`

export type Decision = { show: 'splash' } | { show: 'screen' } | { redirect: string }

/** What a `/app` route shows for the session: splash while unknown, sign-in when signed out, `/app` without the right. */
export function guardApp(
  session: { loggedIn: boolean | null; user: { rights: readonly string[] } | null },
  location: string,
  right?: Right,
): Decision {
  if (session.loggedIn === false) return { redirect: signInFor(location) }
  if (session.loggedIn === null || !session.user) return { show: 'splash' }
  if (right && !session.user.rights.includes(right)) return { redirect: APP_BASE }
  return { show: 'screen' }
}

/** A public-only route sends a signed-in visitor to `next` (when safe) or `/app`. */
export function guardPublic(loggedIn: boolean | null, search: string): Decision {
  if (loggedIn !== true) return { show: 'screen' }
  return { redirect: safeNext(new URLSearchParams(search).get('next')) }
}
