import type { Struct } from 'superstruct'
import type { JsonSchema } from '../../contract/json-schema'
import type { Right } from '../../contract/rights'

// Every route under `/api` declares its operation here, next to the code that serves it; the API's
// description (`GET /api/openapi.json`) is built from these declarations, and a test walks the
// app's routes so a route without one fails.

/** A body or an answer: a contract struct, a JSON Schema, or the name of a shared schema. */
export type Shape = Struct<any, any> | JsonSchema | { ref: string }

/** Who may call: nobody in particular, a signed-in person only, or any principal (session, access key, app token). */
export type Caller = 'public' | 'session' | 'principal'

export interface Answer {
  description: string
  /** The JSON body; none for a 204 or a body that is not JSON. */
  body?: Shape
  /** Content type of a body that is not JSON (`text/event-stream`, `image/webp`). */
  type?: string
  /** Answer headers beyond the common ones: `X-Total-Count`, `Retry-After`, `Location`. */
  headers?: string[]
}

export interface QueryParam {
  name: string
  description: string
  schema: JsonSchema
  required?: boolean
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  /** The route as the server registers it, relative to `/api`: `/devices/:id`. */
  path: string
  /** The group the reference shows it in. */
  tag: string
  summary: string
  description?: string
  caller: Caller
  /** Any of these rights (or, for an access key or an app token, scopes) lets the call through. */
  rights?: readonly string[]
  /** Takes access keys only, a key holding only the `heartbeat` scope too (the heartbeat route). */
  heartbeatKey?: boolean
  /** Takes a token of a device's own: an enrollment key (`enk_…`) or a device credential (`edc_…`), beside what `caller` says. */
  deviceToken?: 'enrollmentKey' | 'deviceCredential'
  /** Meaning of each path parameter. */
  params?: Record<string, string>
  query?: QueryParam[]
  body?: Shape
  /** Content type of the body; JSON by default. */
  bodyType?: string
  answers: Record<number, string | Answer>
  /** Example JSON body for the reference's curl line. */
  example?: unknown
}

const operations = new Map<string, Operation>()
const shared = new Map<string, JsonSchema>()

/** `schema`, also named in the description's shared schemas so other operations can refer to it. */
export function share(name: string, schema: JsonSchema): JsonSchema {
  shared.set(name, schema)
  return schema
}

/** The schemas named with `share`. */
export const sharedSchemas = (): Record<string, JsonSchema> => Object.fromEntries(shared)

/** The key of a route: method and path with parameters unnamed, as Hono and OpenAPI both match. */
export const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\/+$/, '').replace(/:[^/]+|\{[^/]+\}/g, '{}') || '/'}`

/** Declares operations; a route group calls it where it registers its routes. */
export function describe(...declared: Operation[]): void {
  for (const operation of declared) operations.set(routeKey(operation.method, operation.path), operation)
}

/** Every operation declared so far, in the order declared. */
export const describedOperations = (): Operation[] => [...operations.values()]

/** Rights as the contract lists them, for declarations. */
export type Rights = readonly Right[]
