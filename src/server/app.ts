import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { appTokenRoutes } from './auth/app-tokens/routes'
import { loginRoutes, registerRoutes, selfRoutes } from './auth/sign-in/routes'
import { passwordResetRoutes } from './auth/password-reset/routes'
import { profileRoutes } from './people/profile/routes'
import type { OAuthOptions } from './auth/oauth-config'
import { socialRoutes } from './auth/social/routes'
import { announceAudits, auditRoutes } from './audit/routes'
import { billingRoutes } from './billing/routes'
import { contactRoutes, type ContactOptions } from './contact/routes'
import { bulkRoutes } from './bulk/routes'
import type { AlertEvaluator } from './alerts/evaluator'
import { alertRoutes } from './alerts/routes'
import { accessKeys } from './access-keys/service'
import { alertRules } from './alerts/rules'
import { devices } from './collections/devices'
import { collectionRoutes } from './collections/routes'
import { describeCollection } from './openapi/collections'
import { tunnels } from './collections/tunnels'
import { views } from './collections/views'
import { webhooks } from './webhooks/collection'
import { docsRoutes, type Docs } from './docs/routes'
import { enrollmentKeys } from './enrollment/keys'
import { enrollmentRoutes } from './enrollment/routes'
import { closeUnread, limitBody } from './http/body'
import { errorHandler, notFoundJson } from './http/errors'
import { idempotency } from './http/idempotency'
import { corsFor, noStore, securityHeaders } from './http/security'
import { staticRoutes } from './http/static'
import { agentRoutes } from './agent/routes'
import { summaryRoutes } from './summary/routes'
import { openApiRoutes } from './openapi/routes'
import type { Presence } from './live/presence'
import { eventRoutes, heartbeatRoutes, historyRoutes } from './live/routes'
import { metricsRoutes } from './metrics/routes'
import type { Rollup } from './metrics/rollup'
import { appIdRoutes, appIds } from './people/app-ids/routes'
import { organizationRoutes } from './people/organizations/routes'
import { roleRoutes } from './people/roles/routes'
import { invitationRoutes } from './people/invitations/routes'
import { signInRoutes } from './people/sign-ins/routes'
import { users } from './people/users'
import { roles } from './people/roles/routes'
import type { Services } from './services'
import { webhookRoutes } from './webhooks/routes'
import { tunnelRoutes } from './tunnels/routes'
import type { Webhooks } from './webhooks/service'

// Every collection's routes in the API's description as soon as the app's code is loaded, so the
// build can write the description without starting a server (`openapi/write.ts`); serving a
// collection declares its routes again, and a test finds any route left undescribed.
/** The views module checks each view's sort against its list's own sort keys. */
const VIEWS = views({ devices: devices.list, access_keys: accessKeys.list, users: users.list, tunnels: tunnels.list })

for (const module of [devices, tunnels, accessKeys, alertRules(), users, appIds, roles, webhooks(undefined as unknown as Webhooks), VIEWS, enrollmentKeys]) {
  describeCollection(module as unknown as Parameters<typeof describeCollection>[0])
}

/** Where the API is mounted; the console's default `{host}`. */
export const API_PREFIX = '/api'

export interface AppOptions extends Services {
  /** The console build to serve outside the API; nothing but the API when absent. */
  staticDir?: string
  /** Where the build wrote the agent (`dist/`: agent.mjs, agent.sh, agent.service); not served when absent. */
  agentDir?: string
  /** Written into each page's `<meta name="api-host">`, so the host changes without a rebuild. */
  apiHost?: string
  /** Screen key -> its sources, for `GET /api/docs?src=`. */
  docs?: Docs
  /** Social sign-in providers; a provider without client id and secret shows disabled. */
  oauth?: OAuthOptions
  /** Device presence: heartbeats tell it, its sweep sets silent devices offline. */
  presence: Presence
  /** Origins of consoles hosted apart from this server that may call the API (`CORS_ORIGINS`). */
  corsOrigins?: readonly string[]
  /** Runs the alert rules: heartbeats tell it, its sweep finds silence; no alerts are evaluated when absent. */
  alerts?: AlertEvaluator
  /** Folds heartbeats into the metrics rollups; the metrics routes make their own when absent. */
  rollup?: Rollup
  /** Sends webhook deliveries and seals their secrets. */
  webhooks: Webhooks
  /** The API's description as the build wrote it (`dist/server/openapi.json`); built from the code when absent. */
  openapi?: string
  /** Where the landing page's contact form mails, and how many an hour. */
  contact?: ContactOptions
}

/** JSON answers of a kilobyte or more this small on the wire; a list page is four to ten times smaller. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * JSON answers are sent gzip- or deflate-encoded to a client that accepts it: a page of 25 devices
 * or a hundred firing alerts is mostly repeated keys, and a kiosk on a slow link waits for every
 * byte. Only JSON: the events stream must reach the browser event by event, the exports stream as
 * they are read, and the API's description is stored compressed already.
 */
function compressJson(): MiddlewareHandler {
  const json = /^application\/json\b/i
  const encode = compress({ threshold: COMPRESS_FROM_BYTES, contentTypeFilter: json })
  return (c, next) =>
    encode(c, async () => {
      await next()
      // An answer made with `c.json` does not say its length, and the threshold reads it: said
      // here (the text is whole already), an answer under a kilobyte goes out as it is.
      if (!json.test(c.res.headers.get('Content-Type') ?? '') || c.res.headers.has('Content-Length') || !c.res.body) return
      const bytes = await c.res.arrayBuffer()
      c.res = new Response(bytes, c.res)
      c.res.headers.set('Content-Length', String(bytes.byteLength))
    })
}

/** The whole HTTP application: the JSON API under `/api` and the console's files elsewhere. */
export function createApp(options: AppOptions): Hono {
  const api = new Hono({ strict: false })
    .use(compressJson())
    .use(corsFor(options.corsOrigins ?? []))
    .use(noStore())
    .use(closeUnread())
    .use(limitBody())
    .use(idempotency(options))
    .use(announceAudits(options.hub))
    .route('/', loginRoutes(options))
    .route('/', registerRoutes(options))
    .route('/', passwordResetRoutes(options))
    .route('/', contactRoutes(options, options.contact))
    .route('/', selfRoutes(options))
    .route('/', profileRoutes(options))
    .route('/', socialRoutes(options))
    .route('/', docsRoutes(options.docs))
    .route('/', heartbeatRoutes(options, options.presence, options.alerts))
    // Before the devices collection, whose routes take no enrollment key nor device credential.
    .route('/', enrollmentRoutes(options))
    .route('/', collectionRoutes(options, enrollmentKeys))
    .route('/', historyRoutes(options, options.presence.offlineAfterS))
    .route('/', metricsRoutes(options, options.rollup))
    .route('/', collectionRoutes(options, devices))
    .route('/', collectionRoutes(options, tunnels))
    .route('/', tunnelRoutes(options))
    .route('/', collectionRoutes(options, accessKeys))
    .route('/', collectionRoutes(options, alertRules((organizationId) => options.alerts?.rulesChanged(organizationId))))
    .route('/', alertRoutes(options))
    .route('/', webhookRoutes(options, options.webhooks))
    .route('/', collectionRoutes(options, webhooks(options.webhooks)))
    .route('/', collectionRoutes(options, users))
    .route('/', invitationRoutes(options))
    .route('/', signInRoutes(options))
    .route('/', appTokenRoutes(options))
    .route('/', appIdRoutes(options))
    .route('/', collectionRoutes(options, appIds))
    .route('/', collectionRoutes(options, VIEWS))
    .route('/', roleRoutes(options))
    .route('/', organizationRoutes(options))
    .route('/', bulkRoutes(options))
    .route('/', auditRoutes(options))
    .route('/', billingRoutes(options))
    .route('/', summaryRoutes(options))
    .route('/', eventRoutes(options))
    .route('/', openApiRoutes(options.openapi))
    .all('*', notFoundJson)

  const app = new Hono({ strict: false })
  app.onError(errorHandler(options.log))
  app.notFound(notFoundJson)
  app.use(securityHeaders({ publicUrl: options.publicUrl }))
  app.route(API_PREFIX, api)
  if (options.agentDir) app.route('/', agentRoutes(options.agentDir))
  if (options.staticDir) app.route('/', staticRoutes({ dir: options.staticDir, apiHost: options.apiHost }))
  return app
}
