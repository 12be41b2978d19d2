import { Hono, type MiddlewareHandler } from 'hono'
import { streamSSE } from 'hono/streaming'
import { BULK_COLLECTIONS, BULK_STATUSES } from '../../contract/bulk'
import { COLLECTIONS, EVENTS_PATH } from '../../contract/collections'
import { DEVICE_STATUSES, HeartbeatBody } from '../../contract/devices'
import { DEFAULT_HISTORY_RANGE, HISTORY_RANGES, isHistoryRange, TIMELINE_MAX_RUNS } from '../../contract/device-history'
import type { AlertEvaluator } from '../alerts/evaluator'
import type { HubEvent } from '../events'
import { principalOf, requirePrincipal, requireRight, type AuthEnv, type Principal } from '../http/auth'
import { invalidInput, readBody } from '../http/body'
import { fail } from '../http/errors'
import { describe } from '../openapi/registry'
import { int, list, num, obj, oneOf, orNull, ref, str, time } from '../openapi/shapes'
import type { Services } from '../services'
import { recordHeartbeat } from './heartbeat'
import { deviceHistory } from './history'
import { deviceTimeline } from './timeline'
import type { Presence } from './presence'
import { KEEPALIVE_MS, SERVER_STOPPING, reconnectMs, streamHandle, userStreams, visibleTo } from './stream'

/**
 * A device's own credential sends its own heartbeats (another device's id is 403, whether it exists
 * or not); otherwise only a key, one holding `heartbeat` (a device's key) or `devices`.
 */
const mayBeat: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const principal = c.var.principal
  if (principal.kind === 'device') {
    if (principal.deviceId !== c.req.param('id')) throw fail(403, 'credentialOtherDevice')
    return next()
  }
  if (principal.kind === 'key' ? !principal.heartbeat : !principal.rights.includes('devices')) throw fail(403, 'forbidden')
  if (principal.kind !== 'key') throw fail(403, 'keyOnly')
  await next()
}

/**
 * `POST /devices/{id}/heartbeat`, sent by a device with its access key: it sets the device online
 * (or in error), notes its address and firmware, and keeps the metrics.
 */
describe({
  method: 'post',
  path: '/devices/:id/heartbeat',
  tag: 'Devices',
  summary: 'Send a device\'s heartbeat',
  description:
    'A device reports what it has of its status, address, OS, firmware and metrics (each optional: `{}` is a beat; an address, OS or firmware left out keeps the device\'s) with its own device credential (`edc_…`, from `POST /devices/enroll`) or an access key of the scope `heartbeat` (a key holding `devices` may send them too; a session or an app token may not). A device silent for `OFFLINE_AFTER_S` goes offline; a disabled device\'s heartbeats are refused.',
  caller: 'principal',
  rights: ['heartbeat', 'devices'],
  heartbeatKey: true,
  params: { id: 'The device\'s id.' },
  body: HeartbeatBody,
  example: { ip: '10.0.0.7', os: 'Debian GNU/Linux 12 (bookworm)', firmware: '2.5.0', metrics: { latency_ms: 18, bytes_in: 5200, bytes_out: 900, cpu: 12, memory: 41 } },
  answers: {
    200: { description: 'The device\'s status and the time it was seen.', body: obj({ status: ref('DeviceStatus'), last_seen: time }) },
    202: { description: 'The device waits for approval: the beat is held, nothing is kept.', body: obj({ status: oneOf(['pending']) }) },
    401: { description: 'A device credential or key unknown, revoked or expired.', body: { ref: 'Error' } },
    403: { description: 'Not a device credential of this device nor an access key, a key without `heartbeat` or `devices`, or a disabled device.', body: { ref: 'Error' } },
  },
})

export function heartbeatRoutes(services: Services, presence: Presence, alerts?: AlertEvaluator) {
  const deps = { db: services.db, now: services.now, presence, alerts }
  return new Hono<AuthEnv>().post('/devices/:id/heartbeat', requirePrincipal(services, { heartbeat: true, device: true }), mayBeat, async (c) => {
    const body = await readBody(c, HeartbeatBody)
    const beat = await recordHeartbeat(deps, c.var.principal.organizationId, c.req.param('id'), body)
    return beat.status === 'pending' ? c.json(beat, 202) : c.json(beat)
  })
}

/**
 * `GET /devices/{id}/history?range=24h`: the device's heartbeats of that span, averaged (latency)
 * and summed (bytes) into at most 144 buckets, for the sparklines of its detail view. The rows are
 * folded here rather than in SQL, so the query stays portable across dialects.
 */
describe({
  method: 'get',
  path: '/devices/:id/history',
  tag: 'Devices',
  summary: 'A device\'s recent history',
  description: 'Its heartbeats folded into 144 buckets over the range: mean latency and bytes summed, one point per bucket that heard anything, oldest first.',
  caller: 'principal',
  rights: ['devices'],
  params: { id: 'The device\'s id.' },
  query: [{ name: 'range', description: 'How far back.', schema: { type: 'string', enum: Object.keys(HISTORY_RANGES), default: DEFAULT_HISTORY_RANGE } }],
  answers: {
    200: { description: 'The points; a reading no heartbeat of the bucket carried is null.', body: list(obj({ at: time, latency_ms: orNull(num), bytes_in: orNull(num), bytes_out: orNull(num) })) },
    400: { description: 'A range it does not take.', body: { ref: 'Error' } },
  },
})

/**
 * `GET /devices/{id}/timeline?range=24h`: the device's status as runs over that span, derived from its
 * heartbeats (a silence of `OFFLINE_AFTER_S` is offline) and the trail (disabled, pending).
 */
describe({
  method: 'get',
  path: '/devices/:id/timeline',
  tag: 'Devices',
  summary: 'A device\'s status timeline',
  description: `Its status as runs over the range, oldest first, each with when it began and ended (\`to\` null for the run still going): online or error from its heartbeats, offline after \`OFFLINE_AFTER_S\` without one, disabled and pending as the audit trail tells. At most ${TIMELINE_MAX_RUNS} runs; any further ones are merged into the last.`,
  caller: 'principal',
  rights: ['devices'],
  params: { id: 'The device\'s id.' },
  query: [{ name: 'range', description: 'How far back.', schema: { type: 'string', enum: Object.keys(HISTORY_RANGES), default: DEFAULT_HISTORY_RANGE } }],
  answers: {
    200: { description: 'The runs.', body: list(obj({ status: oneOf([...DEVICE_STATUSES, 'disabled']), from: time, to: orNull(time) })) },
    400: { description: 'A range it does not take.', body: { ref: 'Error' } },
  },
})

/** The device's history and status timeline; `offlineAfterS` as the server's presence counts it. */
export function historyRoutes(services: Services, offlineAfterS: number) {
  const range = (value: string | undefined) => {
    const asked = value ?? DEFAULT_HISTORY_RANGE
    if (!isHistoryRange(asked)) throw invalidInput({ range: 'validation.invalid' })
    return asked
  }
  return new Hono<AuthEnv>()
    .get('/devices/:id/history', requirePrincipal(services), requireRight('devices'), async (c) =>
      c.json(await deviceHistory(services.db, c.var.principal.organizationId, c.req.param('id'), range(c.req.query('range')), services.now())),
    )
    .get('/devices/:id/timeline', requirePrincipal(services), requireRight('devices'), async (c) =>
      c.json(await deviceTimeline(services.db, c.var.principal.organizationId, c.req.param('id'), range(c.req.query('range')), services.now(), offlineAfterS)),
    )
}

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
    '- `tunnel` `{tunnel, request}`: a request or connection through a tunnel ended, as its inspector lists it (to holders of `tunnels`).',
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
          tunnel: obj({ tunnel: str, request: ref('TunnelRequest') }),
          rights: obj({}),
          reset: obj({}),
        },
      },
    },
  },
})

export function eventRoutes(services: Services, keepaliveMs = KEEPALIVE_MS) {
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
