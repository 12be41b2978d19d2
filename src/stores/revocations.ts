import { apiHost } from '../api/client'
import { REVOKE_KEY } from '../api/storage-keys'
import { API } from '../contract/paths'
import { send } from '../lib/http'
import { keepOnClear, readItem, removeItem, writeItem } from '../lib/storage'

/**
 * Sessions signed out in this browser that the server has not yet ended. A sign-out ends the
 * session here at once, link or no link; its token waits under a name of its own (never read as a
 * sign-in, and kept through the wipe of local storage) until `POST /logout` has reached the server
 * with it.
 */
keepOnClear(REVOKE_KEY)

/** How often the revocations are tried again while the server stays out of reach. */
export const REVOKE_RETRY_MS = 15_000
/** At most this many wait; past it the oldest goes (its session ends by itself, idle or at its age limit). */
const MOST = 20

export function pendingRevocations(): string[] {
  try {
    const saved = JSON.parse(readItem(REVOKE_KEY) ?? '[]') as unknown
    return Array.isArray(saved) ? saved.filter((token): token is string => typeof token === 'string' && token !== '') : []
  } catch {
    return []
  }
}

function save(tokens: string[]) {
  if (tokens.length) writeItem(REVOKE_KEY, JSON.stringify(tokens.slice(-MOST)))
  else removeItem(REVOKE_KEY)
}

/** Files `token` to be revoked by the server. */
export function revokeLater(token: string): void {
  save([...pendingRevocations().filter((item) => item !== token), token])
}

const next = (tried: Set<string>) => pendingRevocations().find((token) => !tried.has(token))

let timer: ReturnType<typeof setTimeout> | undefined
let sending: Promise<void> | undefined

const again = () => {
  stopWaiting()
  void sendRevocations()
}

function stopWaiting() {
  clearTimeout(timer)
  timer = undefined
  if (typeof window !== 'undefined') window.removeEventListener('online', again)
}

function retryLater() {
  if (timer || typeof window === 'undefined') return
  timer = setTimeout(again, REVOKE_RETRY_MS)
  window.addEventListener('online', again)
}

/**
 * Sends `POST /logout` with each token waiting. One the server ended (or no longer knows, 401) or
 * refuses is done; without an answer, or with a 5xx or 429, it is tried again when the browser says
 * the link is back, every `REVOKE_RETRY_MS`, and at each start of the console.
 */
export function sendRevocations(): Promise<void> {
  sending ??= (async () => {
    const tried = new Set<string>()
    for (let token = next(tried); token; token = next(tried)) {
      tried.add(token)
      const answer = await send({ method: 'POST', url: apiHost() + API.logout, headers: { authorization: `Bearer ${token}` } })
      if (answer.status === 0 || answer.status >= 500 || answer.status === 429) {
        retryLater()
        return
      }
      save(pendingRevocations().filter((item) => item !== token))
    }
    stopWaiting()
  })().finally(() => {
    sending = undefined
  })
  return sending
}
