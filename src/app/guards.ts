import { APP_BASE, safeNext } from '../contract/next-path'
import { readersOf, type Right } from '../contract/rights'
import { SIGN_IN_PATH } from './route-table'

/** The sign-in address that brings the visitor back to `path` afterwards. */
export const signInFor = (path: string): string => `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`

/** A redirect for a missing right names it (`refused`), so the console can say why it moved. */
export type Decision = { show: 'splash' } | { show: 'screen' } | { redirect: string; refused?: Right }

/**
 * What a `/app` route shows for the session: splash while unknown, sign-in when signed out, `/app`
 * without a right that may read it. While `checking` (the user is the one kept from the last visit,
 * not yet confirmed), a route its rights do not open shows the splash until the live user decides.
 */
export function guardApp(
  session: { loggedIn: boolean | null; user: { rights: readonly string[] } | null; checking?: boolean },
  location: string,
  right?: Right,
): Decision {
  if (session.loggedIn === false) return { redirect: signInFor(location) }
  if (session.loggedIn === null || !session.user) return { show: 'splash' }
  if (right && !readersOf(right).some((reader) => session.user!.rights.includes(reader))) return session.checking ? { show: 'splash' } : { redirect: APP_BASE, refused: right }
  return { show: 'screen' }
}

/** A public-only route sends a signed-in visitor to `next` (when safe) or `/app`. */
export function guardPublic(loggedIn: boolean | null, search: string): Decision {
  if (loggedIn !== true) return { show: 'screen' }
  return { redirect: safeNext(new URLSearchParams(search).get('next')) }
}
