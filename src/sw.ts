/**
 * The console's service worker, one per build. It keeps the build's `/app` and sign-in pages and
 * code in a cache named after the build, so a repeat visit (a kiosk after its nightly reboot) asks the
 * network for none of them and the console opens offline. A new build is taken only as a whole:
 * its worker waits until the console, told "A new version is ready", asks it to take over, and
 * then every page reloads on the new build; the old build's cache goes with the old worker.
 * API answers never pass through here.
 */

// A module, so its declarations stay its own (the build wraps it for the worker).
export {}

/** Filled in by the build: the build's id and the files the console needs (the page first). */
declare const BUILD_ID: string
declare const BUILD_FILES: string[]

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  respondWith(response: Promise<Response>): void
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  location: Location
}

const worker = self as unknown as WorkerScope
const CACHE = `console-${BUILD_ID}`
const APP_PAGE = '/app'
/** The sign-in page, which `/` shows too: a kiosk signed out opens it from here. */
const SIGN_IN_PAGE = '/login'

worker.addEventListener('install', (event) => {
  // Files already in the browser's cache (those the first visit loaded) cost no transfer.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD_FILES)))
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('console-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  )
})

worker.addEventListener('message', (event) => {
  if (event.data === 'take-over') void worker.skipWaiting()
})

/**
 * From this build's cache, else from the network (kept when it is this build's code). A cache that
 * cannot be read or written (storage full, a browser that refuses it) costs the keeping, never the
 * answer: the network's goes through.
 */
async function fromCache(request: Request, key: Request | string): Promise<Response> {
  const cache = await caches.open(CACHE).catch(() => undefined)
  const kept = await cache?.match(key).catch(() => undefined)
  if (kept) return kept
  const answer = await fetch(request)
  if (cache && answer.ok && typeof key !== 'string' && new URL(key.url).pathname.startsWith('/assets/')) await cache.put(key, answer.clone()).catch(() => undefined)
  return answer
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin) return
  if (url.pathname.startsWith('/assets/')) event.respondWith(fromCache(request, request))
  // Every address inside /app runs the same console, which reads the address itself: the page
  // kept is /app's, and what it does not name for preloading comes from this cache as fast.
  else if (request.mode === 'navigate' && (url.pathname === APP_PAGE || url.pathname.startsWith(`${APP_PAGE}/`))) {
    event.respondWith(fromCache(request, APP_PAGE))
  } else if (request.mode === 'navigate' && (url.pathname === SIGN_IN_PAGE || url.pathname === '/')) {
    event.respondWith(fromCache(request, SIGN_IN_PAGE))
  }
})
