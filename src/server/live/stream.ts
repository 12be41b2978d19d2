import { bulkRight } from '../../contract/bulk'
import { readRights } from '../../contract/collections'
import type { Right } from '../../contract/rights'
import { hashSecret } from '../auth/tokens'
import type { HubEvent } from '../events'

/** Who holds a stream: a session (its token), an access key or an app token. */
export interface StreamOwner {
  kind: 'user' | 'key' | 'app' | 'device'
  keyId?: string
  appId?: string
  token: string
}

/** Who reads a stream, as far as what it may see goes. */
export interface Viewer {
  kind: 'user' | 'key' | 'app' | 'device'
  userId: string
  rights: readonly Right[]
}

/** A comment this often keeps proxies from cutting a quiet stream, and checks the caller is still allowed. */
export const KEEPALIVE_MS = 20_000

/** The handle that ends every stream as the server stops, with a `retry:` hint to reconnect to the next process. */
export const SERVER_STOPPING = 'server:stopping'

/** A stopped server's streams reconnect after 1 to 3 s, spread so they do not all come back at once. */
export const reconnectMs = () => 1000 + Math.floor(Math.random() * 2000)

/** The handle that ends a principal's streams: its session, its key or its app token. */
export const streamHandle = (principal: StreamOwner) =>
  principal.kind === 'key'
    ? `key:${principal.keyId}`
    : principal.kind === 'app'
      ? `app:${principal.appId}`
      : sessionStreams(hashSecret(principal.token))

/** The handle that ends the streams of one session, known by its token's hash (a session ended from the profile). */
export const sessionStreams = (tokenHash: string) => `session:${tokenHash}`

/** The handle that ends every stream of a user, whichever session opened it (a disabled account). */
export const userStreams = (userId: string) => `user:${userId}`

/**
 * Only what the caller may see: changes of collections it holds, device status with devices or
 * tunnels, a rights change only by the users it names, and a new audit entry with the right its
 * trail is read by (the entry's collection, as `GET /audit/` shows it), a bulk job's progress with
 * the right its collection is written with.
 */
export const visibleTo = (principal: Viewer) => (event: HubEvent) =>
  event.type === 'change'
    ? readRights(event.data.collection).some((right) => principal.rights.includes(right))
    : event.type === 'rights'
      ? principal.kind === 'user' && event.data.users.includes(principal.userId)
      : event.type === 'audit'
        ? principal.rights.includes(event.data.collection)
        : event.type === 'bulk'
          ? principal.rights.includes(bulkRight(event.data.collection))
          : event.type === 'tunnel'
            ? principal.rights.includes('tunnels')
            : principal.rights.includes('devices') || principal.rights.includes('tunnels')
