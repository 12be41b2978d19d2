import { atom, onMount } from 'nanostores'
import { apiHost, getToken } from '../api/client'
import type { AuditEvent } from '../contract/audit'
import type { BulkEvent } from '../contract/bulk'
import { EVENTS_PATH, type ChangeEvent, type DeviceEvent } from '../contract/collections'
import type { TunnelRequest } from '../contract/tunnels'
import type { OpenStream, StreamMessage } from '../lib/event-stream'
import { noteAnswer } from './reach'
import { $session } from './session'

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline'

export interface Live {
  state: LiveState
  /** When the last event (or the connection) arrived, ms since the epoch; null before any. */
  lastEventAt: number | null
}

/**
 * What listeners hear: a record change, a device's status, a new audit entry, a bulk job's progress,
 * a request through a tunnel, `rights` (the user's own rights or
 * organizations changed: read them again), or `reset` (events were missed: reload). A reset comes
 * from the server when it cannot replay what a reconnect missed (a restarted server holds none),
 * or from the store itself when a lost stream comes back with no event id to resume from.
 */
export type LiveEvent =
  | { type: 'change'; data: ChangeEvent }
  | { type: 'device'; data: DeviceEvent }
  | { type: 'audit'; data: AuditEvent }
  | { type: 'bulk'; data: BulkEvent }
  | { type: 'tunnel'; data: { tunnel: string; request: TunnelRequest } }
  | { type: 'rights' }
  | { type: 'reset' }

/**
 * Waits between reconnects: doubling from 1 s to 5 s, so a console catches up within seconds of a
 * restarted server listening again; after this many failures in a row the state reads offline.
 */
export const RETRY_FIRST_MS = 1000
export const RETRY_MAX_MS = 5000
export const OFFLINE_AFTER_FAILURES = 3

export interface LiveOptions {
  open: OpenStream
  url: () => string
  token: () => string | null
  now: () => number
  setTimer: (run: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
  /**
   * Tells `changed` when the device loses or finds its network (the browser's offline and online
   * events); answers how to stop telling.
   */
  network?: (changed: (online: boolean) => void) => () => void
}

/**
 * The one events connection: opens while something listens, reconnects with backoff (resuming
 * from the last event id), and tells its state and the time of the last event.
 */
export function createLive(options: LiveOptions) {
  const $state = atom<Live>({ state: 'connecting', lastEventAt: null })
  /** When the next try to connect is due, ms since the epoch; null while none waits. */
  const $retryAt = atom<number | null>(null)
  const listeners = new Set<(event: LiveEvent) => void>()
  let close: (() => void) | undefined
  let timer: unknown
  let failures = 0
  let lastId: string | undefined
  let running = false
  /** A stream was lost since the last one opened: what happened meanwhile is unknown. */
  let lost = false

  const emit = (event: LiveEvent) => listeners.forEach((listener) => listener(event))
  const set = (state: LiveState, stamp = false) =>
    $state.set({ state, lastEventAt: stamp ? options.now() : $state.get().lastEventAt })

  const onMessage = (message: StreamMessage) => {
    if (message.id) lastId = message.id
    set('live', true)
    if (message.event === 'reset') return emit({ type: 'reset' })
    if (message.event === 'rights') return emit({ type: 'rights' })
    if (message.event !== 'change' && message.event !== 'device' && message.event !== 'audit' && message.event !== 'bulk' && message.event !== 'tunnel') return
    try {
      emit({ type: message.event, data: JSON.parse(message.data) } as LiveEvent)
    } catch {
      // A line that is not JSON carries nothing a list could use.
    }
  }

  function connect() {
    const token = options.token()
    if (!running || !token) return
    const resumeFrom = lastId
    close = options.open(
      { url: options.url(), headers: { Authorization: `Bearer ${token}`, ...(resumeFrom ? { 'Last-Event-ID': resumeFrom } : {}) } },
      {
        onOpen: () => {
          failures = 0
          $retryAt.set(null)
          noteAnswer(200)
          set('live', true)
          // Back after a gap: with an id the server replays what was missed or says reset; without one it cannot.
          if (lost && !resumeFrom) emit({ type: 'reset' })
          lost = false
        },
        onMessage,
        onClose: (status) => {
          close = undefined
          if (!running) return
          lost = true
          // Signed out or the right gone: no point in retrying with the same token. A 401 may be a
          // session the server ended (a disabled account): who is signed in is read again.
          if (status === 401) emit({ type: 'rights' })
          if (status === 401 || status === 403) return set('offline')
          failures += 1
          set(failures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting')
          // Failing again and again: the server is not there (or no longer lets the stream through).
          if (failures >= OFFLINE_AFTER_FAILURES) noteAnswer(status)
          const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5)
          $retryAt.set(options.now() + wait)
          timer = options.setTimer(connect, wait)
        },
      },
    )
  }

  const start = () => {
    running = true
    failures = 0
    set('connecting')
    connect()
  }
  const stop = () => {
    running = false
    $retryAt.set(null)
    options.clearTimer(timer)
    close?.()
    close = undefined
  }
  /**
   * The device says its network went: the stream is gone though no read has failed yet, so the
   * screens stop reading "Live" at once; it comes back at once with the network.
   */
  const networkChanged = (online: boolean) => {
    if (!running) return
    if (online) return retry()
    options.clearTimer(timer)
    $retryAt.set(null)
    close?.()
    close = undefined
    lost = true
    set('offline')
  }
  function retry() {
    stop()
    start()
  }
  onMount($state, () => {
    // New listeners read what they show themselves: a gap before they came is none of theirs.
    lost = false
    start()
    const unwatch = options.network?.(networkChanged)
    return () => {
      unwatch?.()
      stop()
    }
  })

  return {
    $state,
    $retryAt,
    /** Hears every event while subscribed; also keeps the connection open. */
    listen(listener: (event: LiveEvent) => void): () => void {
      listeners.add(listener)
      const unbind = $state.listen(() => undefined)
      return () => {
        listeners.delete(listener)
        unbind()
      }
    },
    /** Reconnects at once, e.g. after the user asked to retry. */
    retry,
    /**
     * Drops the stream now, a connection under way too, without reconnecting: the session it
     * carries is ending. A later connect needs a token again.
     */
    hangUp() {
      options.clearTimer(timer)
      $retryAt.set(null)
      close?.()
      close = undefined
    },
  }
}

/**
 * The stream's reader loads with the first connection, after the screen's first paint: it is
 * not in the code every page needs first. A reader that cannot load counts as a failed connection.
 */
const openLazily: OpenStream = (request, handlers) => {
  let closed = false
  let close: (() => void) | undefined
  import('../lib/event-stream').then(
    ({ openEventStream }) => {
      if (!closed) close = openEventStream(request, handlers)
    },
    () => closed || handlers.onClose(0),
  )
  return () => {
    closed = true
    close?.()
  }
}

export const live = createLive({
  open: openLazily,
  url: () => apiHost() + EVENTS_PATH,
  token: getToken,
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  network: (changed) => {
    if (typeof window === 'undefined') return () => undefined
    const offline = () => changed(false)
    const online = () => changed(true)
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  },
})

export const $live = live.$state

// Signed out: the stream goes before the server ends the session, so no reconnect (or connection
// under way) meets the ended session with a 401.
$session.listen(({ loggedIn }) => {
  if (loggedIn === false) live.hangUp()
})
