import { createHash, randomUUID } from 'node:crypto'
import dns from 'node:dns'
import { isIP } from 'node:net'
import { sql } from 'kysely'
import { Agent, fetch as pinnedFetch } from 'undici'
import { ALERT_LANGUAGES, type AlertLanguage } from '../../contract/alerts'
import { RESPONSE_KEPT_BYTES, type DeliveryError, type WebhookEvent } from '../../contract/webhooks'
import { audit, type Actor } from '../audit'
import type { Lease } from '../db/lease'
import type { AnyDb, Db } from '../db/open'
import type { EventsHub } from '../events'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import { resolvedAllowed, webhookUrlAllowed, type ReachPolicy } from './address'
import { composeDisabledMail } from './mail'
import { createSecretBox, signDelivery, type SecretBox } from './secrets'

/** Waits before the tries after the first: 30 s, 2 min, 10 min, 30 min, 1 h (six tries over about 1 h 45). */
export const DEFAULT_RETRY_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000]
/** A webhook whose every try has failed this long is turned off. */
export const DEFAULT_DISABLE_AFTER_MS = 24 * 3600_000
/** How often the delivery sweep looks for tries that are due. */
export const DEFAULT_WEBHOOKS_EVERY_MS = 5000
/** A receiver gets this long to answer. */
export const SEND_TIMEOUT_MS = 10_000
/** A claimed try not finished after this long died with its process: it is tried again. */
const CLAIM_MS = 2 * 60_000
/** Tries claimed per pass, and sent side by side. */
const BATCH = 50

export type Lookup = (host: string) => Promise<string[]>

/** The system resolver, every address of the name. */
const systemLookup: Lookup = async (host) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((answer) => answer.address)

export interface WebhookOptions {
  /** `WEBHOOKS_ALLOW_PRIVATE=1`: http, loopback, private and link-local receivers are allowed. */
  allowPrivate?: boolean
  /** Waits before each try after the first; its length plus one is the number of tries. */
  retryMs?: number[]
  disableAfterMs?: number
  everyMs?: number
  timeoutMs?: number
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
  /** One pass now: claims the tries that are due and makes them. */
  deliver(): Promise<void>
  /** A pass soon, outside the schedule (a test event is sent now). */
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

/** The first bytes of an answer as text: control characters (but line breaks and tabs) dropped. */
export const printable = (bytes: Uint8Array) =>
  new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, '')
    .replace(/\uFFFD+$/, '')

/**
 * A connection pool that dials only `addresses`, the host's answers as they were checked: a name
 * whose answer changes between the check and the connection (DNS rebinding) reaches nothing else.
 * TLS still checks the certificate against the URL's host name.
 */
function pinnedTo(addresses: string[]): Agent {
  const answers = addresses.map((address) => ({ address, family: isIP(address) || 4 }))
  return new Agent({
    connect: {
      lookup: (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options.all) callback(null, answers)
        else callback(null, answers[0]!.address, answers[0]!.family)
      },
    } as never,
  })
}

/** Reads at most `limit` bytes of a body, then lets the rest go. */
async function firstBytes(response: { body: { getReader(): ReadableStreamDefaultReader<Uint8Array> } | null }, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  try {
    while (size < limit) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      size += value.length
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const all = new Uint8Array(Math.min(size, limit))
  let at = 0
  for (const part of parts) {
    const take = part.subarray(0, all.length - at)
    all.set(take, at)
    at += take.length
    if (at >= all.length) break
  }
  return all
}

/** How one try went. */
interface Outcome {
  ok: boolean
  status_code: number | null
  error: DeliveryError | null
  duration_ms: number
  response: string
}

/** The console acting on its own (turning a failing webhook off), as the trail names it. */
const SYSTEM: Actor = { kind: 'system', id: 'webhooks', name: '', ip: '', userAgent: '' }

/**
 * Sends webhook deliveries. Each is a row of `webhook_deliveries`: enqueued once per event and
 * webhook (a unique key), claimed by a conditional update from `pending` to `sending` before its
 * try, so two processes never make the same try; a try that died with its process is claimed
 * again once its claim lapses. Failed tries wait out `retryMs` (with jitter), then the delivery
 * is `failed`. A webhook whose every try has failed for `disableAfterMs` is turned off, the trail
 * says so and its owners (holders of `alerts`) are mailed.
 */
export function createWebhooks(deps: Deps, options: WebhookOptions): Webhooks {
  const { db, log, now } = deps
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS
  const disableAfterMs = options.disableAfterMs ?? DEFAULT_DISABLE_AFTER_MS
  const lookup = options.lookup ?? systemLookup
  const box = createSecretBox(options.key)
  let ownPort: number | undefined
  const policy = (): ReachPolicy => ({ allowPrivate: options.allowPrivate === true, ownPort })
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<unknown> = Promise.resolve()
  const inFlight = new Set<Promise<unknown>>()

  /**
   * Where a URL may go: the URL's own rule, then every address its host resolves to; the
   * addresses checked, which the try then connects to and to nothing else.
   */
  async function reachable(url: URL): Promise<{ addresses: string[] } | 'refused_address' | 'connection'> {
    if (webhookUrlAllowed(url.href, policy()) !== true) return 'refused_address'
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    let addresses: string[]
    try {
      addresses = isIP(host) ? [host] : await lookup(host)
    } catch {
      return 'connection'
    }
    if (!addresses.length) return 'connection'
    return resolvedAllowed(addresses, port, policy()) === true ? { addresses } : 'refused_address'
  }

  /**
   * One try: the address checked, then a POST with the signature headers, no redirect followed,
   * 10 s at most. Every address the host resolves to must be allowed, so a name answering a
   * private address beside a public one is refused.
   */
  async function send(url: string, secret: string, eventId: string, body: string): Promise<Outcome> {
    const started = performance.now()
    const done = (outcome: Omit<Outcome, 'duration_ms'>): Outcome => ({ ...outcome, duration_ms: Math.round(performance.now() - started) })
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return done({ ok: false, status_code: null, error: 'refused_address', response: '' })
    }
    const reach = await reachable(target)
    if (typeof reach === 'string') return done({ ok: false, status_code: null, error: reach, response: '' })
    const timestamp = Math.floor(now().getTime() / 1000)
    const pinned = pinnedTo(reach.addresses)
    try {
      const response = await pinnedFetch(target, {
        dispatcher: pinned,
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Edgeline-Webhooks/1',
          'Webhook-Id': eventId,
          'Webhook-Timestamp': String(timestamp),
          'Webhook-Signature': signDelivery(secret, eventId, timestamp, body),
        },
        body,
      })
      const text = printable(await firstBytes(response, RESPONSE_KEPT_BYTES).catch(() => new Uint8Array()))
      const redirect = response.status >= 300 && response.status < 400
      const ok = response.status >= 200 && response.status < 300
      return done({ ok, status_code: response.status, error: ok ? null : redirect ? 'redirect' : 'status', response: text })
    } catch (error) {
      const name = (error as Error).name
      return done({ ok: false, status_code: null, error: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection', response: '' })
    } finally {
      void pinned.close().catch(() => undefined)
    }
  }

  /** The wait before the next try after `tries` tries, a fifth either way at random; null when none is left. */
  const nextWait = (tries: number) => {
    const base = retryMs[tries - 1]
    return base === undefined ? null : Math.round(base * (0.8 + Math.random() * 0.4))
  }

  /** Claims one due delivery; true when this process won it. */
  async function claim(id: string, at: string): Promise<boolean> {
    const claimed = await db
      .updateTable('webhook_deliveries')
      .set({ state: 'sending', claimed_until: new Date(Date.parse(at) + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_try_at', '<=', at)
      .executeTakeFirst()
    return Number(claimed.numUpdatedRows) === 1
  }

  /** Makes the try of one claimed delivery and writes how it went, on the delivery and on its webhook. */
  async function attempt(id: string) {
    const row = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.event_id', 'd.type', 'd.body', 'd.tries', 'd.webhook_id', 'd.organization_id', 'w.url', 'w.enabled', 'w.secret_sealed', 'w.name'])
      .where('d.id', '=', id)
      .executeTakeFirst()
    if (!row) return
    const at = now().toISOString()
    // A webhook turned off sends no alerts (queued ones end); a test event still goes, to check a fix.
    if (!row.enabled && row.type !== 'webhook.test') {
      await db.updateTable('webhook_deliveries').set({ state: 'failed', next_try_at: null, claimed_until: null }).where('id', '=', id).execute()
      return
    }
    let secret: string
    try {
      secret = box.open(row.webhook_id, row.secret_sealed)
    } catch (error) {
      log.error(`The secret of webhook ${row.webhook_id} cannot be opened (another WEBHOOK_SECRET_KEY?):`, error)
      await db.updateTable('webhook_deliveries').set({ state: 'failed', next_try_at: null, claimed_until: null, error: 'connection' }).where('id', '=', id).execute()
      return
    }
    const outcome = await send(row.url, secret, row.event_id, row.body)
    const tries = Number(row.tries) + 1
    const finished = now()
    const wait = outcome.ok ? null : nextWait(tries)
    await db
      .updateTable('webhook_deliveries')
      .set({
        state: outcome.ok ? 'delivered' : wait === null ? 'failed' : 'pending',
        tries,
        tried_at: at,
        next_try_at: wait === null ? null : new Date(finished.getTime() + wait).toISOString(),
        claimed_until: null,
        status_code: outcome.status_code,
        error: outcome.error,
        duration_ms: outcome.duration_ms,
        response: outcome.response,
      })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .execute()
    const updated = await db
      .updateTable('webhooks')
      .set({
        last_delivery_at: at,
        last_delivery_ok: outcome.ok ? 1 : 0,
        last_status_code: outcome.status_code,
        last_error: outcome.error,
        failing_since: outcome.ok ? null : sql<string>`coalesce(failing_since, ${at})`,
      })
      .where('id', '=', row.webhook_id)
      .returning('version')
      .executeTakeFirst()
    if (updated) deps.hub.publish(row.organization_id, 'change', { collection: 'webhooks', id: row.webhook_id, action: 'update', version: Number(updated.version) })
    if (!outcome.ok) await disableIfFailing(row.webhook_id, row.organization_id, finished)
  }

  /**
   * Turns a webhook off once its tries have all failed for `disableAfterMs`: the update is
   * conditional, so of two processes one does it, and only that one writes the trail and mails.
   */
  async function disableIfFailing(webhookId: string, organizationId: string, at: Date) {
    const since = new Date(at.getTime() - disableAfterMs).toISOString()
    const iso = at.toISOString()
    const disabled = await db
      .updateTable('webhooks')
      .set({ enabled: 0, disabled_reason: 'failing', updated_at: iso, version: sql`version + 1` })
      .where('id', '=', webhookId)
      .where('enabled', '=', 1)
      .where('failing_since', '<=', since)
      .returning(['name', 'url', 'failing_since', 'version'])
      .executeTakeFirst()
    if (!disabled) return
    await audit(db, organizationId, SYSTEM, { action: 'update', collection: 'alerts', recordId: webhookId, recordName: disabled.name, fields: ['enabled', 'disabled_reason'] }, iso)
    deps.hub.publish(organizationId, 'change', { collection: 'webhooks', id: webhookId, action: 'update', version: Number(disabled.version) })
    await mailOwners(organizationId, { id: webhookId, name: disabled.name, url: disabled.url, since: String(disabled.failing_since) })
  }

  /** Mails the users of the organization who hold `alerts`: their webhook was turned off. */
  async function mailOwners(organizationId: string, webhook: { id: string; name: string; url: string; since: string }) {
    const organization = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()
    const holders = await db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('members as mb', (join) => join.onRef('mb.user_id', '=', 'm.user_id').onRef('mb.organization_id', '=', 'm.organization_id'))
      .select(['u.email', 'r.rights'])
      .where('m.organization_id', '=', organizationId)
      .where('u.status', '=', 'active')
      .where('mb.status', '=', 'active')
      .execute()
    const owners = [...new Set(holders.filter((holder) => parseRights(holder.rights).includes('alerts')).map((holder) => holder.email.toLowerCase()))]
    const link = `${deps.publicUrl ?? 'http://localhost'}/app/alerts/webhooks`
    const rule = await db.selectFrom('alert_rules').select('language').where('organization_id', '=', organizationId).where('webhook_ids', 'like', `%"${webhook.id}"%`).executeTakeFirst()
    const language = (ALERT_LANGUAGES as readonly string[]).includes(rule?.language ?? '') ? (rule!.language as AlertLanguage) : 'en'
    for (const to of owners) {
      const mail = composeDisabledMail({ webhook: webhook.name, url: webhook.url, since: webhook.since, organization: organization?.name ?? '', link, language })
      await deps.mailer.send({ to, ...mail }).catch((error: unknown) => log.error(`Webhook mail to ${to} failed:`, error))
    }
  }

  /** Ends claims that outlived their process, then makes every try that is due, side by side. */
  async function deliver() {
    const at = now().toISOString()
    await db
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', claimed_until: null })
      .where('state', '=', 'sending')
      .where('claimed_until', '<', at)
      .execute()
    for (;;) {
      const due = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_try_at', '<=', at)
        .orderBy('next_try_at')
        .limit(BATCH)
        .execute()
      if (!due.length) return
      const mine: string[] = []
      for (const { id } of due) if (await claim(id, at)) mine.push(id)
      await Promise.all(mine.map((id) => attempt(id).catch((error: unknown) => log.error(`Webhook delivery ${id} failed:`, error))))
      if (due.length < BATCH) return
    }
  }

  /** Passes one after the other, whether the timer, a test event or a caller asks. */
  const chained = (work: () => Promise<unknown>) => {
    const next = running.then(work)
    running = next.catch((error: unknown) => log.error('Delivering webhooks failed:', error))
    return next
  }

  return {
    policy,
    box,
    listening(port) {
      ownPort = port
    },
    async enqueue(on, organizationId, webhookIds, event) {
      const ids = [...new Set(webhookIds)]
      if (!ids.length) return []
      const hooks = await (on as Db)
        .selectFrom('webhooks')
        .select(['id', 'enabled'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', ids)
        .execute()
      const at = now().toISOString()
      const body = JSON.stringify(event)
      const queued: string[] = []
      for (const hook of hooks) {
        if (!hook.enabled && event.type !== 'webhook.test') continue
        const id = randomUUID()
        const inserted = await (on as Db)
          .insertInto('webhook_deliveries')
          .values({ id, organization_id: organizationId, webhook_id: hook.id, event_id: event.id, type: event.type, body, state: 'pending', tries: 0, next_try_at: at, response: '', created_at: at })
          .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
          .executeTakeFirst()
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) queued.push(id)
      }
      return queued
    },
    deliver: async () => {
      await chained(deliver)
    },
    kick() {
      const task = chained(deliver).catch(() => undefined)
      inFlight.add(task)
      void task.finally(() => inFlight.delete(task))
    },
    start() {
      timer = setInterval(() => {
        void chained(() => (deps.lease ? deps.lease.run(deliver) : deliver())).catch(() => undefined)
      }, options.everyMs ?? DEFAULT_WEBHOOKS_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await Promise.allSettled([...inFlight])
      await running
    },
  }
}

const parseRights = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}
