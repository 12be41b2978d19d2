import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { EVENTS_PATH } from '../../contract/collections'
import { hashSecret } from '../auth/tokens'
import type { EngineServices } from '../collections/engine'
import type { HubEvent } from '../events'
import { principalOf, requirePrincipal, type AuthEnv, type Principal } from '../http/auth'

/** A comment this often keeps proxies from cutting a quiet stream, and checks the caller is still allowed. */
export const KEEPALIVE_MS = 20_000

/** The handle that ends a principal's streams: its session, or its key. */
export const streamHandle = (principal: Pick<Principal, 'kind' | 'keyId' | 'token'>) =>
  principal.kind === 'key' ? `key:${principal.keyId}` : `session:${hashSecret(principal.token)}`

/** Only what the caller may see: changes of collections it holds, device status with devices or tunnels. */
const visibleTo = (principal: Principal) => (event: HubEvent) =>
  event.type === 'change'
    ? principal.rights.includes(event.data.collection)
    : principal.rights.includes('devices') || principal.rights.includes('tunnels')

/**
 * `GET /events`: the organization's record changes and device status as Server-Sent Events. The
 * token comes in the Authorization header (the console reads the stream with fetch), never the URL.
 * `Last-Event-ID` replays what was missed, or sends `reset` when that is no longer known.
 */
export function eventRoutes(services: EngineServices, keepaliveMs = KEEPALIVE_MS) {
  const { hub } = services
  return new Hono<AuthEnv>().get(EVENTS_PATH, requirePrincipal(services), (c) => {
    const principal = c.var.principal
    const lastId = Number(c.req.header('Last-Event-ID') ?? '')
    const visible = visibleTo(principal)
    return streamSSE(c, async (stream) => {
      let end: () => void = () => undefined
      const ended = new Promise<void>((resolve) => (end = resolve))
      stream.onAbort(end)
      const send = (event: HubEvent) => stream.writeSSE({ event: event.type, id: String(event.id), data: JSON.stringify(event.data) })
      const unsubscribe = hub.subscribe(principal.organizationId, (event) => {
        if (visible(event)) void send(event)
      })
      const stopWatching = hub.onDisconnect(streamHandle(principal), end)
      try {
        await stream.write(`retry: 3000\n: live\n\n`)
        if (c.req.header('Last-Event-ID') !== undefined && Number.isFinite(lastId)) {
          const missed = hub.since(principal.organizationId, lastId)
          if (!missed) await stream.writeSSE({ event: 'reset', data: '{}' })
          else for (const event of missed.filter(visible)) await send(event)
        }
        for (;;) {
          let timer: ReturnType<typeof setTimeout> | undefined
          const beat = new Promise<'beat'>((resolve) => (timer = setTimeout(() => resolve('beat'), keepaliveMs)))
          const outcome = await Promise.race([beat, ended.then(() => 'end' as const)])
          clearTimeout(timer)
          if (outcome === 'end' || stream.aborted) break
          // A sign-out elsewhere, a disabled account or an expired token ends the stream too.
          if (!(await principalOf(services, principal.token))) break
          await stream.write(': keepalive\n\n')
        }
      } finally {
        unsubscribe()
        stopWatching()
      }
    })
  })
}
