import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { APP_BASE, pageRouteFor } from './app/route-table'
import { SCREENS } from './app/screens'
import { syncUser } from './stores/session'

/** Loads the code of the screen the page shows, so a prerendered page hydrates in one pass. */
function screenFor(path: string) {
  const page = pageRouteFor(path)
  if (page) return SCREENS[page.screen]
  if (path === APP_BASE || path.startsWith(`${APP_BASE}/`)) return undefined
  return SCREENS['not-found']
}

function start() {
  const root = document.getElementById('root')
  if (!root) return
  const screen = screenFor(location.pathname)
  const prerendered = root.dataset.prerendered === 'page' && screen !== undefined
  if (!prerendered) void syncUser()
  void (screen?.preload() ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      if (prerendered) {
        hydrateRoot(root, <App />)
        void syncUser()
      } else {
        createRoot(root).render(<App />)
      }
    })
}

start()
