import { createHash, randomUUID } from 'node:crypto'
import type { WebhookEvent } from '../../contract/webhooks'
import type { Lease } from '../db/lease'
import type { AnyDb, Db } from '../db/open'
import { deliveryToTry, failUntried, recordLastDelivery, recordTry, releaseStaleClaims } from '../db/webhook-deliveries'
import type { EventsHub } from '../events'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import type { ReachPolicy } from './address'
import { createDisabler } from './disable'
import { enqueue } from './enqueue'
import { createQueue, type Shares } from './queue'
import { createSecretBox, type SecretBox } from './secrets'
import { createSender, type Lookup } from './send'

export { printable, type Lookup } from './send'

/** Waits before the tries after the first: 30 s, 2 min, 10 min, 30 min, 1 h (six tries over about 1 h 45). */
export const DEFAULT_RETRY_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000]
/** A webhook whose every try has failed this long is turned off. */
export const DEFAULT_DISABLE_AFTER_MS = 24 * 3600_000
/** How often the delivery sweep looks for tries that are due. */
export const DEFAULT_WEBHOOKS_EVERY_MS = 5000

export interface WebhookOptions {
  /** `WEBHOOKS_ALLOW_PRIVATE=1`: http, loopback, private and link-local receivers are allowed. */
  allowPrivate?: boolean
  /** Waits before each try after the first; its length plus one is the number of tries. */
  retryMs?: number[]
  disableAfterMs?: number
  everyMs?: number
  timeoutMs?: number
  /** The delivery slots of a process and each organization's and webhook's share of them. */
  shares?: Shares
  /** Resolves a host to its addresses; the system's by default (tests answer their own). */
  lookup?: Lookup
  /** 32 bytes that seal the signing secrets (`webhooks/secrets.ts`). */
  key: Buffer
}

export interface Webhooks {
  /** What URLs may be reached now (the server's own port is known once it listens). */
  policy(): ReachPolicy
  box: SecretBox
  /** Sets the port this server listens on: its own loopback port is never a receiver. */
  listening(port: number): void
  /** Adds one delivery of `event` for each webhook of `webhookIds` of the organization that is on; an event already queued for a webhook is not queued again. */
  enqueue(db: AnyDb | Db, organizationId: string, webhookIds: string[], event: WebhookEvent): Promise<string[]>
  /** Makes the tries that are due now and waits for them (and for those they make room for). */
  deliver(): Promise<void>
  /** Starts due tries into the free slots now, outside the schedule (a test event is sent now). */
  kick(): void
  start(): void
  stop(): Promise<void>
}

interface Deps {
  db: Db
  hub: EventsHub
  mailer: Mailer
  log: Logger
  now: () => Date
  lease?: Lease
  /** The console's origin for the link in the mail to owners. */
  publicUrl?: string
}

/** An event id the same for the same notification, so a notification queued twice is one delivery. */
export const eventIdOf = (...parts: string[]) => `evt_${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`

/** A fresh event id (a test event). */
export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`

/**
 * Sends webhook deliveries. Each is a row of `webhook_deliveries`: enqueued once per event and
 * webhook (a unique key), claimed by a conditional update from `pending` to `sending` before its
 * try, so two processes never make the same try; a try that died with its process is claimed
 * again once its claim lapses. Tries share the process's slots fairly (`queue.ts`). Failed tries
 * wait out `retryMs` (with jitter), then the delivery is `failed`. A webhook whose every try has
 * failed for `disableAfterMs` is turned off (`disable.ts`).
 */
export function createWebhooks(deps: Deps, options: WebhookOptions): Webhooks {
  const { db, log, now } = deps
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS
  const box = createSecretBox(options.key)
  let ownPort: number | undefined
  const policy = (): ReachPolicy => ({ allowPrivate: options.allowPrivate === true, ownPort })
  const send = createSender({ policy, now, lookup: options.lookup, timeoutMs: options.timeoutMs })
  const disableIfFailing = createDisabler(deps, options.disableAfterMs ?? DEFAULT_DISABLE_AFTER_MS)
  let timer: ReturnType<typeof setInterval> | undefined

  /** The wait before the next try after `tries` tries, a fifth either way at random; null when none is left. */
  const nextWait = (tries: number) => {
    const base = retryMs[tries - 1]
    return base === undefined ? null : Math.round(base * (0.8 + Math.random() * 0.4))
  }

  /** Makes the try of one claimed delivery and writes how it went, on the delivery and on its webhook. */
  async function attempt(id: string) {
    const row = await deliveryToTry(db, id)
    if (!row) return
    const at = now().toISOString()
    // A webhook turned off sends no alerts (queued ones end); a test event still goes, to check a fix.
    if (!row.enabled && row.type !== 'webhook.test') {
      await failUntried(db, id)
      return
    }
    let secret: string
    try {
      secret = box.open(row.webhook_id, row.secret_sealed)
    } catch (error) {
      log.error(`The secret of webhook ${row.webhook_id} cannot be opened (another WEBHOOK_SECRET_KEY?):`, error)
      await failUntried(db, id, 'connection')
      return
    }
    const outcome = await send(row.url, secret, row.event_id, row.body)
    const tries = Number(row.tries) + 1
    const finished = now()
    const wait = outcome.ok ? null : nextWait(tries)
    await recordTry(db, id, {
      state: outcome.ok ? 'delivered' : wait === null ? 'failed' : 'pending',
      tries,
      tried_at: at,
      next_try_at: wait === null ? null : new Date(finished.getTime() + wait).toISOString(),
      status_code: outcome.status_code,
      error: outcome.error,
      duration_ms: outcome.duration_ms,
      response: outcome.response,
    })
    const version = await recordLastDelivery(db, row.webhook_id, at, outcome)
    if (version !== undefined) deps.hub.publish(row.organization_id, 'change', { collection: 'webhooks', id: row.webhook_id, action: 'update', version })
    if (!outcome.ok) await disableIfFailing(row.webhook_id, row.organization_id, finished)
  }

  const queue = createQueue({ db, now, log, shares: options.shares, attempt })

  /** Ends claims that outlived their process, then starts what is due. */
  async function sweep() {
    await releaseStaleClaims(db, now().toISOString())
    await queue.fill()
  }

  return {
    policy,
    box,
    listening(port) {
      ownPort = port
    },
    enqueue: (on, organizationId, webhookIds, event) => enqueue(on as Db, now().toISOString(), organizationId, webhookIds, event),
    async deliver() {
      await sweep()
      await queue.idle()
    },
    kick() {
      void queue.fill().catch((error: unknown) => log.error('Delivering webhooks failed:', error))
    },
    start() {
      timer = setInterval(() => {
        void (deps.lease ? deps.lease.run(sweep) : sweep()).catch((error: unknown) => log.error('Delivering webhooks failed:', error))
      }, options.everyMs ?? DEFAULT_WEBHOOKS_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await queue.stop()
    },
  }
}
