import { RIGHTS } from '../../src/contract/rights'
import type { TestServer } from './_server'

// Who the fuzz sends as: every route is sent by each kind of caller the API knows, so a route that
// assumes a person (a session) meets a key, a heartbeat key, an app id's token and a device's own
// credential too.

export const CALLERS = ['session', 'key', 'heartbeat', 'app', 'device', 'none'] as const
export type Caller = (typeof CALLERS)[number]

type Json = Record<string, any>

/** The request body a route documents as its example, by `METHOD /api/path` as Hono lists it. */
export async function documentedExamples(server: TestServer): Promise<Map<string, string>> {
  const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Json
  const examples = new Map<string, string>()
  for (const [path, operations] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(operations)) {
      const example = operation?.requestBody?.content?.['application/json']?.example
      if (example !== undefined) examples.set(`${method.toUpperCase()} ${path}`, JSON.stringify(example))
    }
  }
  return examples
}

/** The described path of a Hono route (`/api/views/:id` -> `/views/{id}`), as `documentedExamples` keys them. */
export const describedRoute = (method: string, path: string) =>
  `${method} ${path.replace(/^\/api/, '').replace(/:([^/]+)/g, '{$1}').replace(/\/+$/, '') || '/'}`

/**
 * Tokens of each kind of caller for the organization of `session`'s user: an access key holding
 * every right, a heartbeat-only key, an app id's token holding every right and the credential of a
 * device enrolled with a one-off key (one serial, re-attached when made anew). One that stops
 * working (revoked by a fuzzed request, or expired as the fuzz moves the clock) is made anew.
 */
export function callerTokens(server: TestServer, session: () => Promise<string>) {
  const kept = new Map<Caller, string>()
  let app: Json | undefined
  const made = async (route: string, body: unknown): Promise<Json> => {
    const res = await server.post(route, body, await session())
    const answer = (await res.json()) as Json
    if (res.status !== 201) throw new Error(`the fuzz could not make its caller: ${route} answered ${res.status} ${JSON.stringify(answer)}`)
    return answer
  }
  const appToken = async () => {
    app ??= await made('/app_ids/', { name: 'Fuzz app', redirect_uris: [], scopes: [...RIGHTS] })
    const res = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: String(app.client_id), client_secret: String(app.client_secret) }),
    })
    const answer = (await res.json()) as Json
    if (res.status !== 200) throw new Error(`the fuzz could not get an app token: ${res.status} ${JSON.stringify(answer)}`)
    return String(answer.access_token)
  }
  const deviceCredential = async () => {
    const key = await made('/enrollment_keys/', { name: 'Fuzz device key', max_uses: 1, expires_in_days: 90, tags: [], location: '', model: '', approve: false, ephemeral: false })
    const res = await fetch(`${server.url}/api/devices/enroll`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${String(key.secret)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ serial: 'FUZZ-DEVICE' }),
    })
    const answer = (await res.json()) as Json
    if (res.status !== 201 && res.status !== 200) throw new Error(`the fuzz could not enroll its device: ${res.status} ${JSON.stringify(answer)}`)
    return String(answer.credential.secret)
  }
  const make = async (caller: Caller): Promise<string> => {
    if (caller === 'app') return appToken()
    if (caller === 'device') return deviceCredential()
    const scopes = caller === 'heartbeat' ? ['heartbeat'] : [...RIGHTS]
    return String((await made('/access_keys/', { name: `Fuzz ${caller} key`, scopes, expires_in_days: 365 })).secret)
  }
  return {
    /** The caller's Bearer token, or undefined for none. */
    async token(caller: Caller): Promise<string | undefined> {
      if (caller === 'none') return undefined
      if (caller === 'session') return session()
      const token = kept.get(caller) ?? (await make(caller))
      kept.set(caller, token)
      return token
    },
    /**
     * After a 401 to the caller: a route may take sessions alone, so the token is tried where any
     * key takes it (a heartbeat key gets 403 there) and made anew only if it no longer works.
     */
    async refused(caller: Caller) {
      const token = kept.get(caller)
      if (!token) return
      const res = await server.get('/devices/', token)
      await res.body?.cancel()
      if (res.status === 401) kept.delete(caller)
    },
  }
}
