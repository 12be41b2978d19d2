import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { BRAND } from './contract/brand'
import { syncDocument } from './app/document'
import { screenHydrated } from './lib/hydration'
import { prefetchScreenStyles } from './lib/screen-styles'
import { markReady } from './ui/early-input'
import { getToken } from './api/client'
import { APP_BASE, appRouteFor, pageRouteFor } from './app/route-table'
import { SCREENS } from './app/screens'
import { restoreLocale } from './stores/locale'
import { resumeSession, syncUser } from './stores/session'
import { restorePreferences, restorePresence } from './stores/ui'

/** The code a path shows first, loaded before the first render so nothing suspends. */
function screensFor(path: string) {
  const page = pageRouteFor(path)
  if (page) return [SCREENS[page.screen]]
  if (path === APP_BASE || path.startsWith(`${APP_BASE}/`)) {
    // Signed in, the screen's code loads beside the shell's instead of after it: one round trip
    // less on a slow link. Its right is still checked before it shows.
    const screen = getToken() ? SCREENS[appRouteFor(path.slice(APP_BASE.length)).screen] : undefined
    return screen ? [SCREENS.shell, screen] : [SCREENS.shell]
  }
  return [SCREENS['not-found']]
}

function start() {
  const root = document.getElementById('root')
  if (!root) return
  restorePreferences()
  restorePresence(BRAND.defaultPresence)
  syncDocument()
  const prerendered = root.dataset.prerendered === 'page'
  if (!prerendered) void resumeSession()
  const ready = Promise.all(screensFor(location.pathname).map((screen) => screen.preload()))
  // A prerendered page is English: it hydrates as such, then turns to the saved language.
  const texts = prerendered ? Promise.resolve() : restoreLocale()
  void Promise.all([ready, texts])
    .catch(() => undefined)
    .then(() => {
      if (prerendered) {
        // The saved language and the session change stores that the prerendered HTML was made
        // without: changed before the screen has hydrated, React would draw it again from scratch.
        void screenHydrated.then(() => {
          // A page whose form has no field to mark it (the fields do, as they hydrate).
          setTimeout(markReady, 1000)
          void syncUser()
          void restoreLocale()
        })
        hydrateRoot(root, <App />)
      } else {
        createRoot(root).render(<App />)
        markReady()
      }
      // For the benchmark: the moment the page answers input.
      performance.mark('console:ready')
      prefetchScreenStyles()
    })
}

start()
