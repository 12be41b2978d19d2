import { atom } from 'nanostores'

/**
 * The service worker of the console's build (`/sw.js`): it keeps the /app page and the code of
 * this build, so a repeat visit asks the network for none of it and the console opens offline.
 * A new build waits until the operator takes it ("A new version is ready - Reload"); then every
 * open console reloads on it, so no page ever runs one build's code with another's chunks.
 */

/** True while a new build is installed and waiting to be taken. */
export const $updateReady = atom(false)

let waiting: ServiceWorker | null = null
let started = false
const LOOK_AGAIN_MS = 30 * 60_000

function offer(worker: ServiceWorker | null) {
  // Without a controller this is the first install, not a new build.
  if (!worker || !navigator.serviceWorker.controller) return
  waiting = worker
  $updateReady.set(true)
}

function watch(registration: ServiceWorkerRegistration) {
  offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker)
    })
  })
  // A kiosk stays open for days: look for a new build now and then, and whenever it is looked at.
  const look = () => void registration.update().catch(() => undefined)
  setInterval(look, LOOK_AGAIN_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') look()
  })
}

/**
 * Registers the worker once the page has loaded and `delayMs` more have passed: its first
 * install fetches the console's code, which must not compete with the first screen's on a slow link.
 */
export function startServiceWorker(delayMs = 2000): void {
  // In dev mode the build serves a worker that only retires an earlier one.
  if (process.env.NODE_ENV !== 'production') return
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return
  started = true
  let controlled = Boolean(navigator.serviceWorker.controller)
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker taking this page is no news; a later one is a new build (taken here or
    // in another tab), and this page's code is the old build's.
    if (controlled) location.reload()
    controlled = true
  })
  const register = () =>
    setTimeout(() => {
      // A browser that keeps workers out by policy may answer with no registration at all.
      navigator.serviceWorker.register('/sw.js').then((registration) => registration && watch(registration), () => undefined)
    }, delayMs)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** Takes the waiting build; every console on this origin reloads on it. */
export function takeUpdate(): void {
  if (waiting) waiting.postMessage('take-over')
  else location.reload()
}
