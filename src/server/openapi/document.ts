import type { Struct } from 'superstruct'
import type { JsonSchema } from '../../contract/json-schema'
import { RIGHTS } from '../../contract/rights'
import { describedOperations, sharedSchemas, type Answer, type Operation, type Shape } from './registry'
import { toJsonSchema } from './schema'
import { SHARED } from './shapes'

// The OpenAPI 3.1 description of the API, built from the operations the route groups declared
// (`registry.ts`) and the contract's structs (`schema.ts`). What every route shares (sign-in,
// rights, body limits, idempotency keys, throttling, a busy or full store) is added here once.

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, any>> }

/** Where the API is mounted; the description's server. */
const PREFIX = '/api'

const isStruct = (shape: Shape): shape is Struct<any, any> => typeof (shape as Struct<any, any>).validator === 'function'

/** A shape as JSON Schema: a struct converted, a shared name referenced, a schema as it is. */
export function schemaOf(shape: Shape): JsonSchema {
  if (isStruct(shape)) return toJsonSchema(shape)
  if (typeof (shape as { ref?: unknown }).ref === 'string') return { $ref: `#/components/schemas/${(shape as { ref: string }).ref}` }
  return shape as JsonSchema
}

/** `/devices/:id` as OpenAPI writes it: `/devices/{id}`, no trailing slash. */
export const openApiPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}').replace(/\/+$/, '') || '/'

const HEADERS: Record<string, { description: string; schema: JsonSchema }> = {
  'X-Total-Count': { description: 'How many records match, over all pages.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': { description: '`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } },
  Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
}

const error = (description: string, headers: string[] = []): Answer => ({ description, body: { ref: 'Error' }, headers })

/** Answers any route may give, by what the route is. */
const COMMON = {
  unauthorized: error('No token, or one that is unknown, expired or revoked.'),
  forbidden: error('The caller lacks the right (or, for a key or an app token, the scope) this route needs; or a heartbeat-only key outside the heartbeat route.'),
  notFound: error('No such record in the caller\'s organization (another organization\'s ids are not found either).'),
  badBody: error('Malformed JSON, too deep (32 levels) or too many items (1000); or invalid fields: `errors` maps each field to its message key.'),
  tooLarge: error('The body is over 1 MiB.'),
  notJson: error('The body is not `application/json`.'),
  idempotencyBusy: error('A request with the same `Idempotency-Key` is still running.', ['Retry-After']),
  idempotencyReused: error('The `Idempotency-Key` was used with another request.'),
  internal: error('An unexpected failure; nothing is said of it.'),
  headersTooLarge: error('The request\'s headers (or its address) are over 16 KiB; refused before any route runs.'),
  timeout: error('The request\'s headers (10 s) or body (30 s) did not all arrive in time.'),
  busy: error('The server is busy (passwords are checked one at a time, or the store is locked).', ['Retry-After']),
  full: error('The store is full; the write was not made.', ['Retry-After']),
} satisfies Record<string, Answer>

/** Answers of `operation` with the common ones it may also give. */
function answersOf(operation: Operation): Record<number, Answer> {
  const declared = Object.fromEntries(
    Object.entries(operation.answers).map(([status, answer]) => [status, typeof answer === 'string' ? { description: answer } : answer]),
  ) as Record<number, Answer>
  const common: Record<number, Answer> = { 408: COMMON.timeout, 431: COMMON.headersTooLarge, 500: COMMON.internal, 503: COMMON.busy, 507: COMMON.full }
  const jsonBody = operation.body !== undefined && (operation.bodyType ?? 'application/json') === 'application/json'
  if (operation.caller !== 'public') Object.assign(common, { 401: COMMON.unauthorized, 403: COMMON.forbidden })
  if (jsonBody) Object.assign(common, { 400: COMMON.badBody, 415: COMMON.notJson })
  if (operation.method !== 'get') common[413] = COMMON.tooLarge
  if (/:[^/]+/.test(operation.path)) common[404] = COMMON.notFound
  if (takesIdempotencyKey(operation)) Object.assign(common, { 400: COMMON.badBody, 409: COMMON.idempotencyBusy, 422: COMMON.idempotencyReused })
  for (const [status, answer] of Object.entries(common) as [string, Answer][]) {
    const own = declared[Number(status)]
    if (!own) declared[Number(status)] = answer
    else if (own.body && answer.body && own.body !== answer.body)
      declared[Number(status)] = { ...own, body: { anyOf: [schemaOf(own.body), schemaOf(answer.body)] }, headers: [...new Set([...(own.headers ?? []), ...(answer.headers ?? [])])] }
    else if (!own.body) declared[Number(status)] = { ...own, body: answer.body, headers: [...new Set([...(own.headers ?? []), ...(answer.headers ?? [])])] }
  }
  return declared
}

/** Writes by a caller the server can scope a key to take `Idempotency-Key`. */
export const takesIdempotencyKey = (operation: Operation) => operation.method !== 'get' && operation.caller !== 'public'

/** Names of the common answers, as the description's shared responses. */
const COMMON_NAMES = new Map<Answer, string>(Object.entries(COMMON).map(([name, answer]) => [answer, name]))
/** The shared answers the description being built refers to. */
const referred = new Set<string>()

/** The OpenAPI answer object of `answer` for `operation`; a common answer unchanged is referred to. */
function answerObject(operation: Operation, status: number, answer: Answer, inline = false) {
  const common = COMMON_NAMES.get(answer)
  if (common && !inline && !(status < 500 && takesIdempotencyKey(operation))) {
    referred.add(common)
    return { $ref: `#/components/responses/${common}` }
  }
  const headers = [...(answer.headers ?? [])]
  if (status < 500 && takesIdempotencyKey(operation)) headers.push('Idempotent-Replayed')
  const content = answer.body ? { [answer.type ?? 'application/json']: { schema: schemaOf(answer.body) } } : answer.type ? { [answer.type]: {} } : undefined
  return {
    description: answer.description,
    ...(headers.length ? { headers: Object.fromEntries(headers.map((name) => [name, { $ref: `#/components/headers/${name}` }])) } : {}),
    ...(content ? { content } : {}),
  }
}

/** Who may call, as OpenAPI security requirements. */
function securityOf(operation: Operation) {
  if (operation.deviceToken) return [{ [operation.deviceToken]: [] }]
  if (operation.caller === 'public') return []
  if (operation.caller === 'session') return [{ session: [] }]
  if (operation.heartbeatKey) return [{ deviceCredential: [] }, { accessKey: [] }]
  return [{ session: [] }, { accessKey: [] }, { appToken: (operation.rights ?? []).filter((right) => (RIGHTS as readonly string[]).includes(right)) }]
}

/** The line of the description that says who may call. */
function callerNote(operation: Operation) {
  const rights = operation.rights?.length ? ` holding ${operation.rights.map((right) => `\`${right}\``).join(' or ')}` : ''
  if (operation.deviceToken === 'enrollmentKey') return 'An enrollment key (`enk_…`).'
  if (operation.deviceToken === 'deviceCredential') return 'A device credential (`edc_…`).'
  if (operation.caller === 'public') return 'No sign-in.'
  if (operation.caller === 'session') return 'A signed-in person (session token) only.'
  if (operation.heartbeatKey) return `The device's own credential (\`edc_…\`), or an access key${rights}; a key of the \`heartbeat\` scope does nothing else.`
  return `A session${rights}, an access key${rights ? ' with that scope' : ''}${operation.heartbeatKey ? ' (or a heartbeat-only key)' : ''}, or an app id's token${rights ? ' with that scope' : ''}.`
}

/** The operation's id, for generated clients: `get /devices/{id}` is `getDevicesById`. */
function operationId(operation: Operation) {
  const words = openApiPath(operation.path)
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .join('-')
  return `${operation.method}-${words}`.replace(/[-_]+([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase())
}

/** One OpenAPI operation object. */
function operationObject(operation: Operation) {
  const pathParams = [...operation.path.matchAll(/:([^/]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: operation.params?.[name!] ?? 'The record\'s id.',
    schema: { type: 'string', maxLength: 256 },
  }))
  const query = (operation.query ?? []).map((param) => ({ name: param.name, in: 'query', required: param.required ?? false, description: param.description, schema: param.schema }))
  const headers = takesIdempotencyKey(operation) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []
  const answers = answersOf(operation)
  return {
    operationId: operationId(operation),
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, callerNote(operation)].filter(Boolean).join('\n\n'),
    ...(operation.rights?.length ? { 'x-rights': [...operation.rights] } : {}),
    security: securityOf(operation),
    ...(pathParams.length + query.length + headers.length ? { parameters: [...pathParams, ...query, ...headers] } : {}),
    ...(operation.body !== undefined
      ? {
          requestBody: {
            required: true,
            content: { [operation.bodyType ?? 'application/json']: { schema: schemaOf(operation.body), ...(operation.example !== undefined ? { example: operation.example } : {}) } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(answers)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, answer]) => [status, answerObject(operation, Number(status), answer)]),
    ),
  }
}

/** What each group of routes is for, as the reference shows it. */
const TAGS: Record<string, string> = {
  'Sign-in': 'Sign-in, registration, password reset and social sign-in: the routes that make a session.',
  'Your account': 'The signed-in person\'s own profile, photo, password and sessions.',
  Contact: 'The landing page\'s contact form, mailed to whoever runs the console.',
  Console: 'What the console itself reads: its screens\' sources, the home figures, this description.',
  Devices: 'The fleet: devices, their heartbeats and their history.',
  Dashboards: 'The network and traffic dashboards\' series.',
  Tunnels: 'Tunnels to a port of a device.',
  'Access keys': 'Bearer keys for scripts and devices, limited to their scopes.',
  Alerts: 'Alert rules, the alerts they raise, acknowledgements and mutes.',
  Webhooks: 'Signed HTTP calls that alert rules make, with their delivery log.',
  Users: 'The organization\'s members and their invitations.',
  'App ids': 'Apps that call the API with the client credentials grant.',
  Roles: 'Roles and the rights they hold.',
  Organizations: 'The caller\'s organizations and switching between them.',
  'Bulk actions': 'Work on many records at once: preview the set, run it in batches, undo it.',
  Audit: 'The audit trail.',
  Billing: 'Plan, usage, payment card and invoices.',
  Events: 'The live events stream (Server-Sent Events).',
}

/** The whole description: every declared operation under `/api`. */
export function buildDocument(operations: Operation[] = describedOperations()): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  referred.clear()
  for (const operation of operations) {
    const path = openApiPath(operation.path)
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) }
  }
  // In the order above, whatever order the route groups were loaded in; a tag not there goes last.
  const order = Object.keys(TAGS)
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  const tags = [...new Set(operations.map((operation) => operation.tag))]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name, description: TAGS[name] ?? name }))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Edgeline console API',
      version: '1',
      description:
        'The JSON API of the Edgeline console: devices and their heartbeats, tunnels, access keys, alerts, people, roles, organizations, billing and the events stream. ' +
        'Every route is under `/api`; bodies are JSON (at most 1 MiB) unless said; a list takes `q`, `sort`, `order`, `page` and `per_page` and tells its total in `X-Total-Count`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Edgeline' },
    },
    servers: [{ url: PREFIX, description: 'This console' }],
    tags,
    security: [],
    paths,
    components: {
      schemas: { ...SHARED, ...sharedSchemas() },
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', bearerFormat: 'session token', description: 'The `auth_key` of `POST /login/users/`: the person\'s rights in their current organization.' },
        accessKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'edk_…',
          description: 'An access key (`POST /access_keys/`): its maker\'s rights limited to its scopes; a `heartbeat`-only key sends heartbeats and nothing else.',
        },
        enrollmentKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'enk_…',
          description: 'An enrollment key (`POST /enrollment_keys/`): enrolls devices (`POST /devices/enroll`) and does nothing else.',
        },
        deviceCredential: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'edc_…',
          description: 'A device\'s own credential, answered by `POST /devices/enroll`: sends that device\'s heartbeats and renews itself, nothing else.',
        },
        appToken: {
          type: 'oauth2',
          description: 'An app id\'s token from the client credentials grant: the app id\'s scopes.',
          flows: { clientCredentials: { tokenUrl: `${PREFIX}/oauth/token`, scopes: Object.fromEntries(RIGHTS.map((right) => [right, `What the \`${right}\` right opens.`])) } },
        },
      },
      responses: Object.fromEntries(
        Object.entries(COMMON)
          .filter(([name]) => referred.has(name))
          .map(([name, answer]) => [name, answerObject({ method: 'get', path: '', tag: '', summary: '', caller: 'public', answers: {} }, 500, answer, true)]),
      ),
      headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, { description: header.description, schema: header.schema }])),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A write retried with the same key (printable ASCII, at most 255 characters) within 24 hours gets the first answer again rather than running twice.',
          schema: { type: 'string', maxLength: 255 },
        },
      },
    },
  }
}
