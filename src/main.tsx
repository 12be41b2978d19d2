import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { BRAND } from './contract/brand'
import { syncDocument } from './app/document'
import { APP_BASE, pageRouteFor } from './app/route-table'
import { SCREENS } from './app/screens'
import { restoreLocale } from './stores/locale'
import { syncUser } from './stores/session'
import { restorePreferences, restorePresence } from './stores/ui'

/** The code a path shows first, loaded before the first render so nothing suspends. */
function screensFor(path: string) {
  const page = pageRouteFor(path)
  if (page) return [SCREENS[page.screen]]
  if (path === APP_BASE || path.startsWith(`${APP_BASE}/`)) return [SCREENS.shell]
  return [SCREENS['not-found']]
}

function start() {
  const root = document.getElementById('root')
  if (!root) return
  restorePreferences()
  restorePresence(BRAND.defaultPresence)
  syncDocument()
  const prerendered = root.dataset.prerendered === 'page'
  if (!prerendered) void syncUser()
  const ready = Promise.all(screensFor(location.pathname).map((screen) => screen.preload()))
  // A prerendered page is English: it hydrates as such, then turns to the saved language.
  const texts = prerendered ? Promise.resolve() : restoreLocale()
  void Promise.all([ready, texts])
    .catch(() => undefined)
    .then(() => {
      if (prerendered) {
        hydrateRoot(root, <App />)
        void syncUser()
        void restoreLocale()
      } else {
        createRoot(root).render(<App />)
      }
      // For the benchmark: the moment the page answers input.
      performance.mark('console:ready')
    })
}

start()
