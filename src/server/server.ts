import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Duplex } from 'node:stream'
import { serve } from '@hono/node-server'
import type { Context, Hono } from 'hono'
import type { ChangeEvent } from '../contract/collections'
import { createAlertEvaluator, DEFAULT_ALERTS_EVERY_MS, type AlertEvaluator } from './alerts/evaluator'
import { createApp } from './app'
import type { Docs } from './docs/routes'
import type { OAuthOptions } from './auth/oauth-config'
import { createPasswords } from './auth/passwords'
import { DEFAULT_SESSIONS, type SessionPolicy } from './auth/tokens'
import { deleteAllLinks } from './db/device-links'
import { createLease } from './db/lease'
import { sharedByProcesses } from './db/live'
import { makePrivateDir, openDatabase, tune, type Db } from './db/open'
import { seed } from './seed/seed'
import { clientAddress, type TrustProxy } from './http/client'
import { answerUpgrade, type NodeRoutes } from './http/node-routes'
import { createThrottle } from './http/throttle'
import { createEventsHub, createSharedEventsHub, type EventsHub } from './events'
import { createPresence, DEFAULT_OFFLINE_AFTER_S } from './live/presence'
import { SERVER_STOPPING } from './live/stream'
import { createMailer } from './mail'
import { createRollup } from './metrics/rollup'
import { createSweeper, sweep } from './sweeper'
import { serverKey } from './webhooks/secrets'
import { createWebhooks, type Lookup, type Webhooks } from './webhooks/service'
import { watchLoopDelay } from './fairness/loop-delay'
import { BRAND, message } from './messages'
import { consoleLogger, type Logger } from './log'
import { createBackground, type RequestContext, type Services } from './services'
import { connectRoutes } from './tunnels/connect-routes'
import { linkRoutes } from './tunnels/link-routes'
import { proxyRoutes } from './tunnels/proxy-routes'
import { createLinks, type Links } from './tunnels/links'
import { tunnelAddresses, tunnelDomainFor, type TunnelAddresses } from './tunnels/addresses'

export interface ServerOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number
  /** Interface to listen on; all of them by default. */
  hostname?: string
  /** Folder of `console.db` and `outbox/`; default `./data`. */
  dataDir?: string
  /** The console build to serve (`dist/react`); only the API when absent. */
  staticDir?: string
  /** Where the build wrote the agent devices fetch (`dist/`); `main.ts` gives the folder above its bundle. */
  agentDir?: string
  smtpUrl?: string
  /** Sender of the mails; default `<brand name> <no-reply@localhost>`. */
  mailFrom?: string
  /** Origin used in mailed links and OAuth redirects; without it only a localhost origin is used. */
  /**
   * Where HTTP tunnels get hosts of their own (`<id>.<domain>`, `TUNNEL_DOMAIN`); '' for none. By
   * default `localhost:<port>` for a console on localhost, none otherwise.
   */
  tunnelDomain?: string
  publicUrl?: string
  /** Origins of consoles hosted elsewhere that may call the API. */
  corsOrigins?: string[]
  /** Proxies in front that append to `X-Forwarded-For`; 0 (the default) ignores the header. */
  trustProxy?: TrustProxy
  /** Session limits; "Remember me" picks `remembered`. */
  sessions?: SessionPolicy
  /** How often the alert rules' sweep runs, in ms; default 5000; 0 evaluates no alert rules at all. */
  alertsEveryMs?: number
  /** Alert mails an organization sends in an hour at most; past it they wait and go out folded. Default 200. */
  alertMailsPerHour?: number
  /** `CONTACT_EMAIL`: who receives the landing page's contact messages; the first organization's first administrator when absent. */
  contactEmail?: string
  /** `CONTACT_MAILS_PER_HOUR`: contact messages the server mails in an hour at most; default 30. */
  contactMailsPerHour?: number
  /** `WEBHOOKS_ALLOW_PRIVATE=1`: webhooks may use http and reach loopback, private and link-local addresses. */
  webhooksAllowPrivate?: boolean
  /** `WEBHOOK_SECRET_KEY`: 32 bytes (base64) sealing the webhooks' secrets; a key file in `dataDir` otherwise. */
  webhookSecretKey?: string
  /** Waits before each retry of a webhook delivery, in ms; default 30 s, 2 min, 10 min, 30 min, 1 h. */
  webhookRetryMs?: number[]
  /** A webhook whose deliveries all failed this long is turned off; default a day. */
  webhookDisableAfterMs?: number
  /** How often due webhook deliveries are looked for, in ms; default 5000. */
  webhooksEveryMs?: number
  /** How a webhook's host is resolved; the system's resolver by default (tests answer their own). */
  webhookLookup?: Lookup
  /** A turn of the event loop late by this many ms is logged (once per 10 s at most); default 200. */
  loopDelayWarnMs?: number
  /** How often the event loop's delays are looked at, in ms; default 10 s. */
  loopDelayWindowMs?: number
  /** A device silent this many seconds goes offline; default 60. */
  offlineAfterS?: number
  /** A request whose headers (body) have not all arrived after this long is closed; 10 s (30 s). */
  headersTimeoutMs?: number
  requestTimeoutMs?: number
  /** Replaces `<meta name="api-host">` in served pages. */
  apiHost?: string
  /** Used on the first start only. */
  adminEmail?: string
  adminPassword?: string
  /** Seed the first organization with a fleet on the first start; default true. */
  seedFleet?: boolean
  /** Screen key -> its sources for the Show Code panel; `main.ts` reads the build's `docs.json`. */
  docs?: Docs
  /** The API's description the build wrote (`dist/server/openapi.json`); `main.ts` reads it. */
  openapi?: string
  /** Social sign-in providers (`OAUTH_<NAME>_*`). */
  oauth?: OAuthOptions
  /** scrypt N for new password hashes; default 16384. */
  scryptCost?: number
  /** How long `close()` lets requests in flight finish before cutting them; default 10 s. */
  drainMs?: number
  /** PostgreSQL to keep the data in (`postgres://…`), shared by every process of the console; SQLite in `dataDir` when absent. */
  databaseUrl?: string
  /** Connections to PostgreSQL per process; default 10. */
  poolSize?: number
  /** SQLite pragmas run after the server's own; for tests (`max_page_count` stands for a full disk). */
  pragmas?: string[]
  now?: () => Date
  log?: Logger
}

export interface RunningServer {
  /** `http://localhost:<port>` */
  url: string
  port: number
  app: Hono
  /** The server's own database, for tests that check or set up what the API cannot reach. */
  db: Db
  /** Deletes ended sessions, spent links and old counts now, as the schedule does. */
  sweep(): Promise<void>
  /** The alert rules' evaluator: `evaluate()` sweeps now, as the schedule does; `idle()` waits for heartbeats' share. */
  alerts: Pick<AlertEvaluator, 'evaluate' | 'idle'>
  /** The webhook deliveries: `deliver()` makes the tries that are due now, as the schedule does. */
  webhooks: Pick<Webhooks, 'deliver'>
  /** Waits for the work started after an answer (a mail, a reset link) to finish. */
  idle(): Promise<void>
  /** This process, as the links of its devices' agents name it. */
  processId: string
  /** The links of the devices' agents this process holds. */
  links: Pick<Links, 'holds' | 'openStream' | 'tend'>
  /**
   * Stops listening, lets requests in flight finish (up to `drainMs`), ends event streams with a
   * hint to reconnect, lets background mail finish and closes the database.
   */
  close(): Promise<void>
}

/** Opens the database (migrating and seeding it), builds the app and listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? consoleLogger
  const now = options.now ?? (() => new Date())
  const dataDir = path.resolve(options.dataDir ?? 'data')
  const passwords = createPasswords(options.scryptCost)
  const db = await openDatabase({ dataDir, databaseUrl: options.databaseUrl, poolSize: options.poolSize, pragmas: options.pragmas })
  const outboxDir = path.join(dataDir, 'outbox')
  makePrivateDir(dataDir)
  makePrivateDir(outboxDir)
  for (const name of fs.readdirSync(outboxDir)) fs.chmodSync(path.join(outboxDir, name), 0o600)
  const { adminEmail, adminPassword } = options
  await seed(db, { adminEmail, adminPassword, passwords, now: now(), log: (line) => log.info(line), fleet: options.seedFleet }).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })
  // The storage settles what the seed wrote now, before serving, rather than on the first write.
  tune(db)
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    outboxDir,
    from: options.mailFrom ?? `${BRAND} <no-reply@localhost>`,
  })
  const background = createBackground(log)
  const clientAddressOf = (c: RequestContext) => clientAddress(c as Context, options.trustProxy ?? 0)
  const throttle = createThrottle(db, now, clientAddressOf)
  // On PostgreSQL several processes may share the database: events go through it to all of them,
  // and the scheduled jobs run in one process at a time (leases).
  const shared = sharedByProcesses(db)
  const leases = ['sweeper', 'presence', 'fold'].map((name) => createLease(db, name, now))
  const [sweeperLease, presenceLease, foldLease] = leases
  const publishChange = (organizationId: string, change: ChangeEvent) => hub.publish(organizationId, 'change', change)
  const sweeper = createSweeper({ db, now, pruneThrottle: () => throttle.prune(), log, lease: sweeperLease, publish: publishChange })
  const hub = shared ? await createSharedEventsHub(db, now, log) : createEventsHub()
  const presence = createPresence({ db, hub, now, offlineAfterS: options.offlineAfterS ?? DEFAULT_OFFLINE_AFTER_S, log, lease: presenceLease })
  const rollup = createRollup({ db, now, log, lease: foldLease })
  // The alert sweep runs where the sweeper runs: one process at a time, under its lease.
  const alertsEveryMs = options.alertsEveryMs ?? DEFAULT_ALERTS_EVERY_MS
  // Webhook deliveries are made under the same lease, on their own schedule; claims keep any
  // second process (a test event sent at once, a lapsed lease) from making the same try.
  let webhooks: Webhooks
  try {
    webhooks = createWebhooks(
      { db, hub, mailer, log, now, lease: sweeperLease, publicUrl: options.publicUrl },
      {
        allowPrivate: options.webhooksAllowPrivate,
        retryMs: options.webhookRetryMs,
        disableAfterMs: options.webhookDisableAfterMs,
        everyMs: options.webhooksEveryMs,
        lookup: options.webhookLookup,
        key: serverKey(options.webhookSecretKey, dataDir),
      },
    )
  } catch (error) {
    await hub.close()
    await db.destroy()
    throw error
  }
  const alerts = alertsEveryMs > 0 ? createAlertEvaluator({ db, mailer, log, now, everyMs: alertsEveryMs, lease: sweeperLease, webhooks, hub, mailsPerHour: options.alertMailsPerHour, origin: () => options.publicUrl?.replace(/\/+$/, '') ?? `http://localhost:${port}` }) : undefined
  const staticDir = options.staticDir && path.resolve(options.staticDir)
  if (staticDir && !fs.existsSync(path.join(staticDir, 'manifest.json'))) {
    log.info(`No console build in ${staticDir} yet: pages answer 404 until its manifest.json appears.`)
  }
  // Where HTTP tunnels are served, known once the server listens (its port may be any free one).
  let addresses: TunnelAddresses = tunnelAddresses(undefined)
  const services: Services = {
    db,
    passwords,
    mailer,
    background,
    log,
    now,
    throttle,
    clientAddress: clientAddressOf,
    hub,
    sessions: options.sessions ?? DEFAULT_SESSIONS,
    publicUrl: options.publicUrl,
    tunnelAddresses: () => addresses,
  }
  const app = createApp({
    ...services,
    presence,
    rollup,
    alerts,
    webhooks,
    corsOrigins: options.corsOrigins,
    staticDir,
    agentDir: options.agentDir,
    apiHost: options.apiHost,
    docs: options.docs,
    openapi: options.openapi,
    oauth: options.oauth,
    contact: { email: options.contactEmail, mailsPerHour: options.contactMailsPerHour },
  })

  // The agents' links and the tunnels' traffic are answered by Node before the app.
  const processId = randomUUID()
  // On SQLite this process is the only one: links left by one that stopped short are gone with it.
  if (!shared) await deleteAllLinks(db)
  const links = createLinks({ db, hub, now, log, processId })
  // A tunnel's own host is the device's alone: the tunnels' routes come first.
  const routes: NodeRoutes[] = [
    proxyRoutes({ services, links, trustProxy: options.trustProxy ?? 0, addresses: () => addresses }),
    linkRoutes({ db, now, log, links }),
    connectRoutes({ services, links, processId }),
  ]
  const requestTimeout = options.requestTimeoutMs ?? 30_000
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout)
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve(
      {
        fetch: app.fetch,
        port: options.port ?? 8080,
        hostname: options.hostname,
        // Stalled requests are closed, so slow senders cannot hold connections open.
        serverOptions: { requestTimeout, headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
        createServer: ((serverOptions: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
          createServer(serverOptions, (req, res) => {
            if (!routes.some((route) => route.request?.(req, res))) listener(req, res)
          })) as typeof createServer,
      },
      () => resolve(created as Server),
    )
    created.once('error', reject)
  }).catch(async (error: unknown) => {
    await db.destroy()
    throw error
  })
  server.on('error', (error) => log.error('HTTP server error:', error))
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (!routes.some((route) => route.upgrade?.(req, socket, head))) answerUpgrade(socket, 404, message('notFound'))
  })
  // What Node refuses before the app runs (headers too large, a malformed request, a stalled one)
  // still answers JSON with a message, as every answer of the API does.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const [status, reason, text] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', message('headersTooLarge')]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', message('timeout')]
          : [400, 'Bad Request', message('badRequest')]
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (socket.writable && !answering?.headersSent) {
      const body = JSON.stringify({ message: text })
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    } else socket.destroy()
  })
  const port = (server.address() as AddressInfo).port
  addresses = tunnelAddresses(tunnelDomainFor(options.tunnelDomain, options.publicUrl, port))
  if (!addresses.domain) log.info('HTTP tunnels are served sandboxed under /t/<id>/: set TUNNEL_DOMAIN (a wildcard DNS name) to serve each on a host of its own.')
  const loopDelay = watchLoopDelay(log, options.loopDelayWarnMs, options.loopDelayWindowMs)
  sweeper.start()
  presence.start()
  rollup.start()
  alerts?.start()
  webhooks.listening(port)
  webhooks.start()

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // Links first: their sockets are no request the drain would wait for.
      await links.close()
      for (const route of routes) route.close?.()
      await drain(server, hub, options.drainMs ?? 10_000)
      loopDelay.stop()
      await sweeper.stop()
      await presence.stop()
      await rollup.stop()
      await alerts?.stop()
      await webhooks.stop()
      await background.idle()
      mailer.close()
      await hub.close()
      await Promise.all(leases.map((lease) => lease.release().catch(() => undefined)))
      await db.destroy()
    })())

  return { url: `http://localhost:${port}`, port, app, db, close, processId, links, alerts: alerts ?? { evaluate: async () => undefined, idle: async () => undefined }, webhooks, sweep: () => sweep(db, now(), () => throttle.prune(), publishChange), idle: () => background.idle() }
}

/**
 * Refuses new connections, ends event streams (asking them to reconnect), and waits for the
 * answers in flight, cutting what is still open after `boundMs`. Streams and keep-alive sockets
 * that turn up meanwhile are ended as they come.
 */
function drain(server: Server, hub: EventsHub, boundMs: number): Promise<void> {
  return new Promise((resolve) => {
    const endIdle = () => {
      // This process's streams alone: the others go on serving theirs.
      hub.disconnect(SERVER_STOPPING, false)
      hub.disconnectAll()
      server.closeIdleConnections()
    }
    const sweepIdle = setInterval(endIdle, 100)
    const cut = setTimeout(() => server.closeAllConnections(), boundMs)
    server.close(() => {
      clearInterval(sweepIdle)
      clearTimeout(cut)
      resolve()
    })
    endIdle()
  })
}
