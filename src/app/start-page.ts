/**
 * The `/app` pages' start script, inlined in each page's head: while the console's code downloads,
 * it names the code of the screen the page opens (`modulepreload`, from the build's list in
 * `#route-files`) and asks for the signed-in user and the screen's first requests. No waterfall:
 * the page, then everything else at once. Each screen's page carries a script built for that
 * screen alone (the build writes its entry); the `/app` page, which also answers addresses no
 * screen has and which the service worker keeps for every address, finds the screen from the
 * address (`start.ts`). Built on its own (an IIFE), with nothing of the console's runtime in it.
 */
import { KEPT_USER_KEY, TOKEN_KEY } from '../api/storage-keys'
import { SMALL_SCREEN_QUERY } from './shell/constants'
import { askEarly, type EarlyRoute } from './ask-early'

export function startPage(route: EarlyRoute): void {
  try {
    const meta = document.querySelector('meta[name="api-host"]')
    const kept = JSON.parse(localStorage.getItem(KEPT_USER_KEY) || 'null') as { rights?: unknown } | null
    askEarly(
      {
        location,
        token: localStorage.getItem(TOKEN_KEY),
        rights: Array.isArray(kept?.rights) ? (kept.rights as string[]) : null,
        host: meta?.getAttribute('content') || '/api',
        routes: JSON.parse(document.getElementById('route-files')?.textContent || '{}') as Record<string, (string | number)[]>,
        small: matchMedia(SMALL_SCREEN_QUERY).matches,
        preload: (attributes) => {
          const link = document.createElement('link')
          for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value)
          document.head.appendChild(link)
        },
        fetch: (url, init) => fetch(url, init),
        later: (run, ms) => setTimeout(run, ms),
        answers: (window.earlyAnswers = {}),
      },
      route,
    )
  } catch {
    // The console starts as it would without this script.
  }
}
