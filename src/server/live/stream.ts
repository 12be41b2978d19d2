import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { BULK_COLLECTIONS, BULK_STATUSES, bulkRight } from '../../contract/bulk'
import { COLLECTIONS, EVENTS_PATH, readRights } from '../../contract/collections'
import { hashSecret } from '../auth/tokens'
import type { EngineServices } from '../collections/engine'
import type { HubEvent } from '../events'
import { principalOf, requirePrincipal, type AuthEnv, type Principal } from '../http/auth'
import { describe } from '../openapi/registry'
import { int, obj, oneOf, orNull, ref, str } from '../openapi/shapes'

/** A comment this often keeps proxies from cutting a quiet stream, and checks the caller is still allowed. */
export const KEEPALIVE_MS = 20_000

/** The handle that ends every stream as the server stops, with a `retry:` hint to reconnect to the next process. */
export const SERVER_STOPPING = 'server:stopping'

/** A stopped server's streams reconnect after 1 to 3 s, spread so they do not all come back at once. */
const reconnectMs = () => 1000 + Math.floor(Math.random() * 2000)

/** The handle that ends a principal's streams: its session, its key or its app token. */
export const streamHandle = (principal: Pick<Principal, 'kind' | 'keyId' | 'appId' | 'token'>) =>
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
const visibleTo = (principal: Principal) => (event: HubEvent) =>
  event.type === 'change'
    ? readRights(event.data.collection).some((right) => principal.rights.includes(right))
    : event.type === 'rights'
      ? principal.kind === 'user' && event.data.users.includes(principal.userId)
      : event.type === 'audit'
        ? principal.rights.includes(event.data.collection)
        : event.type === 'bulk'
          ? principal.rights.includes(bulkRight(event.data.collection))
          : principal.rights.includes('devices') || principal.rights.includes('tunnels')

/**
 * `GET /events`: the organization's record changes and device status as Server-Sent Events. The
 * token comes in the Authorization header (the console reads the stream with fetch), never the URL.
 * `Last-Event-ID` replays what was missed, or sends `reset` when that is no longer known.
 */
describe({
  method: 'get',
  path: EVENTS_PATH,
  tag: 'Events',
  summary: 'The events stream',
  description: [
    'Server-Sent Events for the caller\'s organization. The token goes in the Authorization header, never the URL; event ids count each organization\'s events alone, and `Last-Event-ID` replays what was missed (or sends `reset`); a comment every 20 s keeps proxies from cutting it; a sign-out, a revoked key or a lost right ends or narrows it. Events:',
    '- `change` `{collection, id, action, version}`: a record was created, updated or deleted (to those who may read its collection).',
    '- `device` `{id, status, last_seen}`: a device\'s status changed (at most every 15 s otherwise).',
    '- `bulk` `{id, collection, status, done, count}`: a bulk job\'s progress, at least once per batch and when it ends (to holders of the collection\'s right). A batch that changed many records tells open lists with one `change` whose `id` is `*` rather than one per record.',
    '- `rights` `{}`: the caller\'s rights or organizations changed; read `/users/self` again.',
    '- `reset` `{}`: the missed events are no longer known; read everything again.',
  ].join('\n'),
  caller: 'principal',
  answers: {
    200: {
      description: 'The stream (`text/event-stream`).',
      type: 'text/event-stream',
      body: {
        type: 'string',
        'x-events': {
          change: obj({ collection: oneOf(COLLECTIONS), id: str, action: oneOf(['create', 'update', 'delete']), version: int }),
          device: obj({ id: str, status: str, last_seen: orNull(str) }),
          bulk: obj({ id: str, collection: oneOf(BULK_COLLECTIONS), status: oneOf(BULK_STATUSES), done: int, count: int }),
          rights: obj({}),
          reset: obj({}),
        },
      },
    },
  },
})

export function eventRoutes(services: EngineServices, keepaliveMs = KEEPALIVE_MS) {
  const { hub } = services
  /**
   * Streams of one token that check it for the same event share the one lookup: an event reaches
   * every open stream at once, and each would otherwise read the same rows.
   */
  const checks = new Map<string, Promise<Principal | undefined>>()
  const checkOnce = (token: string, upTo?: number) => {
    if (upTo === undefined) return principalOf(services, token)
    const key = `${upTo}:${token}`
    let check = checks.get(key)
    if (!check) {
      check = principalOf(services, token).finally(() => checks.delete(key))
      checks.set(key, check)
    }
    return check
  }
  return new Hono<AuthEnv>().get(EVENTS_PATH, requirePrincipal(services), (c) => {
    const opened = c.var.principal
    const lastHeader = c.req.header('Last-Event-ID')
    return streamSSE(c, async (stream) => {
      let end: () => void = () => undefined
      const ended = new Promise<void>((resolve) => (end = resolve))
      stream.onAbort(end)
      let lastSent = -1
      const send = async (event: HubEvent) => {
        if (event.id <= lastSent) return
        lastSent = event.id
        // Who else a rights change named is not the caller's business.
        const data = event.type === 'rights' ? '{}' : JSON.stringify(event.data)
        await stream.writeSSE({ event: event.type, id: String(event.id), data })
      }
      /** The caller as it is now: a changed role or a left organization counts from the next event on. */
      const current = async (upTo?: number) => {
        const now = await checkOnce(opened.token, upTo)
        if (!now || now.organizationId !== opened.organizationId) {
          end()
          return undefined
        }
        return now
      }
      // Events wait in order; each batch is sent with the caller's rights read once, afresh.
      let pending: HubEvent[] = []
      let draining: Promise<void> | undefined
      let replaying = true
      const drain = async () => {
        while (pending.length) {
          const batch = pending
          pending = []
          const principal = await current(batch.at(-1)?.id)
          if (!principal) return
          for (const event of batch.filter(visibleTo(principal))) await send(event)
        }
      }
      const startDrain = () => {
        if (replaying || draining || !pending.length) return
        draining = drain().finally(() => {
          draining = undefined
          startDrain()
        })
      }
      const unsubscribe = hub.subscribe(opened.organizationId, (event) => {
        pending.push(event)
        startDrain()
      })
      const stopWatching = hub.onDisconnect(streamHandle(opened), end)
      const stopWatchingUser = opened.kind === 'user' ? hub.onDisconnect(userStreams(opened.userId), end) : () => undefined
      let stopping = false
      const stopWatchingServer = hub.onDisconnect(SERVER_STOPPING, () => {
        stopping = true
        end()
      })
      try {
        await stream.write(`retry: 3000\n: live\n\n`)
        if (lastHeader !== undefined) {
          // Replayed before anything live is sent; what arrives meanwhile waits in `pending`.
          const lastId = /^\d{1,20}$/.test(lastHeader.trim()) ? Number(lastHeader) : NaN
          const missed = Number.isFinite(lastId) ? await hub.since(opened.organizationId, lastId) : undefined
          if (!missed) await stream.writeSSE({ event: 'reset', data: '{}' })
          else for (const event of missed.filter(visibleTo(opened))) await send(event)
        }
        replaying = false
        startDrain()
        // One callback on `ended` for the stream's life: racing it afresh each beat would leave one
        // behind per beat for as long as the stream stays open.
        let over = false
        let wake = () => undefined as void
        void ended.then(() => {
          over = true
          wake()
        })
        while (!over) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, keepaliveMs)
            wake = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          if (over || stream.aborted) break
          // A sign-out elsewhere, a disabled account or an expired token ends a quiet stream too.
          if (!(await current())) break
          await stream.write(': keepalive\n\n')
        }
        if (stopping && !stream.aborted) await stream.write(`retry: ${reconnectMs()}\n\n`)
      } finally {
        unsubscribe()
        stopWatching()
        stopWatchingUser()
        stopWatchingServer()
      }
    })
  })
}
