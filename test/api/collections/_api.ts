// Shared parts of the collection tests: a small client, body factories, tenants and rights.
import type { ServerOptions } from '../../../src/server/server'
import { accountByEmail, joinOrganization as joinWithRights, setRightsOf } from '../../fixtures/people'
import { rowsOfOrganization } from '../../fixtures/records'
import { signIn, startTestServer, type TestServer } from '../_server'

export { signIn }
export type { TestServer }

export type CollectionName = 'devices' | 'tunnels' | 'access_keys' | 'users' | 'roles' | 'app_ids' | 'organizations' | 'enrollment_keys'
type Row = Record<string, unknown>

export interface Answer<T = any> {
  status: number
  body: T
  headers: Headers
  /** The body as sent, for searching it for what must not be there. */
  text: string
}

/** A server that believes `X-Forwarded-For`, so each registration can come from its own address. */
export const startServer = (options: ServerOptions = {}) => startTestServer({ trustProxy: 1, ...options })

/** One request to `/api{route}` with `token` as Bearer (and `extra` headers); the answer parsed when it is JSON. */
export async function call(server: TestServer, method: string, route: string, token?: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...extra }
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${server.url}/api${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers, text }
}

/** The calls of one caller on the collections. */
export function client(server: TestServer, token: string) {
  return {
    token,
    list: (name: CollectionName, query: Record<string, string | number> = {}) =>
      call(server, 'GET', `/${name}/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, token),
    get: (name: CollectionName, id: string) => call(server, 'GET', `/${name}/${encodeURIComponent(id)}`, token),
    create: (name: CollectionName, body: unknown) => call(server, 'POST', `/${name}/`, token, body),
    update: (name: CollectionName, id: string, body: unknown) => call(server, 'PUT', `/${name}/${encodeURIComponent(id)}`, token, body),
    remove: (name: CollectionName, id: string) => call(server, 'DELETE', `/${name}/${encodeURIComponent(id)}`, token),
    heartbeat: (deviceId: string, body: unknown = createHeartbeat()) => call(server, 'POST', `/devices/${encodeURIComponent(deviceId)}/heartbeat`, token, body),
  }
}
export type Client = ReturnType<typeof client>

let made = 0
const unique = () => `${process.pid}-${++made}`

export const createDevice = (overrides: Row = {}) => {
  const n = unique()
  return { name: `Test device ${n}`, serial: `TEST-${n}`, model: 'EdgeBox 300', location: 'Test lab', tags: ['lab'], ...overrides }
}

export const createTunnel = (deviceId: string, overrides: Row = {}) => ({
  name: `Test tunnel ${unique()}`,
  device_id: deviceId,
  protocol: 'tcp',
  local_port: 22,
  enabled: true,
  ...overrides,
})

export const createKey = (overrides: Row = {}) => ({ name: `Test key ${unique()}`, scopes: ['devices'], expires_in_days: 30, ...overrides })

export const createHeartbeat = (overrides: Row = {}) => ({
  status: 'online',
  ip: '192.0.2.10',
  firmware: '3.1.0',
  metrics: { latency_ms: 12.5, bytes_in: 1000, bytes_out: 500, cpu: 20, memory: 40 },
  ...overrides,
})

export interface Tenant extends Client {
  email: string
  userId: string
  organizationId: string
}

let address = 0
/** Registers a user over the API, with an organization of their own holding every right. */
export async function register(server: TestServer, name = 'Tenant'): Promise<Tenant> {
  const email = `tenant-${unique()}@example.com`
  const res = await fetch(`${server.url}/api/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${(++address % 250) + 1}` },
    body: JSON.stringify({ name, email, password: 'Tenant-Password-9431' }),
  })
  const body = (await res.json()) as { user?: { id: string; auth_key: string; organization: { id: string } } }
  if (res.status !== 201 || !body.user) throw new Error(`register answered ${res.status}`)
  return { ...client(server, body.user.auth_key), email, userId: body.user.id, organizationId: body.user.organization.id }
}

/** The seeded admin, signed in, with the organization of the seeded fleet. */
export async function admin(server: TestServer): Promise<Tenant> {
  const token = await signIn(server)
  const row = await accountByEmail(server, 'admin@example.com')
  return { ...client(server, token), email: row!.email, userId: row!.id, organizationId: row!.organization_id }
}

/** Sets the rights of every role of the user with `email` (the SQL of test/e2e/browser.ts). */
export async function limitRights(server: TestServer, email: string, rights: string[]): Promise<void> {
  await setRightsOf(server, email, rights)
}

/** Makes `member` a member of `organizationId` (their current one) through a role with `rights`. */
export async function joinOrganization(server: TestServer, member: Tenant, organizationId: string, rights: string[]): Promise<void> {
  await joinWithRights(server, member.userId, organizationId, { rights })
}

/** Every row of an organization in the three tables and the heartbeats, for before/after comparisons. */
export async function snapshot(server: TestServer, organizationId: string) {
  const tables = ['devices', 'tunnels', 'access_keys', 'heartbeats'] as const
  const rows = await Promise.all(tables.map((table) => rowsOfOrganization(server, table, organizationId)))
  const sorted = (list: unknown[]) => list.map((row) => JSON.stringify(row)).sort()
  return Object.fromEntries(tables.map((table, index) => [table, sorted(rows[index]!)]))
}

/** Fails with the answer in the message unless its status is `status`; returns the body. */
export function expectStatus<T = any>(answer: Answer<T>, status: number, what = ''): T {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}, not ${status}: ${answer.text.slice(0, 300)}`)
  return answer.body
}
