/**
 * The `/app` page's start script, inlined in its head: while the console's code downloads, it
 * names the code of the screen the address opens (`modulepreload`, from the build's list in
 * `#route-files`) and asks for the signed-in user and the screen's first list. No waterfall: the
 * page, then everything else at once. Built on its own (an IIFE), with nothing of the console's
 * runtime in it.
 */
import { KEPT_USER_KEY, TOKEN_KEY } from '../api/storage-keys'
import { askEarly } from './ask-early'

try {
  const meta = document.querySelector('meta[name="api-host"]')
  const kept = JSON.parse(localStorage.getItem(KEPT_USER_KEY) || 'null') as { rights?: unknown } | null
  askEarly({
    location,
    token: localStorage.getItem(TOKEN_KEY),
    rights: Array.isArray(kept?.rights) ? (kept.rights as string[]) : null,
    host: meta?.getAttribute('content') || '/api',
    routes: JSON.parse(document.getElementById('route-files')?.textContent || '{}') as Record<string, (string | number)[]>,
    preload: (attributes) => {
      const link = document.createElement('link')
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value)
      document.head.appendChild(link)
    },
    fetch: (url, init) => fetch(url, init),
    later: (run, ms) => setTimeout(run, ms),
    answers: (window.earlyAnswers = {}),
  })
} catch {
  // The console starts as it would without this script.
}
