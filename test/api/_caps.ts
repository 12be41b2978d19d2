// The collections a tenant grows, each with what the free plan allows of it and how one is made
// and removed over the API; for test/api/caps.test.ts and test/postgres/caps.test.ts.
import * as assert from 'uvu/assert'
import { insertViews } from '../fixtures'
import { call, createKey, expectStatus, register, type Answer, type Tenant, type TestServer } from './collections/_api'
import { newAddress, roleIds } from './people/_people'

type Rec = Record<string, any>

export type CapName = 'alert_rules' | 'webhooks' | 'views' | 'access_keys' | 'app_ids' | 'roles' | 'invitations' | 'alert_mutes'

/** What the free plan allows, and the answer past it. */
export const FREE: Record<CapName, { limit: number; message: string }> = {
  alert_rules: { limit: 25, message: 'Your plan allows 25 alert rules; remove one or change the plan' },
  webhooks: { limit: 5, message: 'Your plan allows 5 webhooks; remove one or change the plan' },
  views: { limit: 200, message: 'Your plan allows 200 saved views; delete one or change the plan' },
  access_keys: { limit: 20, message: 'Your plan allows 20 active access keys; revoke one or change the plan' },
  app_ids: { limit: 25, message: 'Your plan allows 25 app ids; remove one or change the plan' },
  roles: { limit: 10, message: 'Your plan allows 10 custom roles; remove one or change the plan' },
  invitations: { limit: 25, message: 'Your plan allows 25 open invitations; withdraw one or change the plan' },
  alert_mutes: { limit: 100, message: 'Your plan allows 100 mutes in force; lift one or change the plan' },
}

export const CAP_NAMES = Object.keys(FREE) as CapName[]

/** Makes one record of the kind, removes one by its id, or fills the kind to `count` records without the API. */
export interface Maker {
  create(n: number, server?: TestServer): Promise<Answer>
  remove(id: string): Promise<Answer>
  /** Records made straight in the database, for a kind whose cap is too big to reach by requests. */
  fill?(count: number): Promise<void>
}

let made = 0
const later = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString()

/** What `owner` needs to make records of `kind` on `server`: a rule to mute, a role to invite with. */
export async function makerOf(server: TestServer, owner: Tenant, kind: CapName): Promise<Maker> {
  const on = (other?: TestServer) => other ?? server
  const post = (route: string, body: unknown, other?: TestServer) => call(on(other), 'POST', route, owner.token, body)
  const del = (route: string) => call(server, 'DELETE', route, owner.token)
  const plain = (route: string, body: (n: number) => Rec): Maker => ({
    create: (n, other) => post(`/${route}/`, body(n), other),
    remove: (id) => del(`/${route}/${id}`),
  })
  const tag = () => `${process.pid}-${++made}`
  switch (kind) {
    case 'alert_rules':
      return plain('alert_rules', () => ({ name: `Rule ${tag()}`, target: 'all', condition: 'offline', user_ids: [owner.userId] }))
    case 'webhooks':
      return plain('webhooks', () => ({ name: `Hook ${tag()}`, url: `https://hooks.example.com/${tag()}` }))
    case 'app_ids':
      return plain('app_ids', () => ({ name: `App ${tag()}`, redirect_uris: ['https://app.example.com/cb'], scopes: ['devices'] }))
    case 'roles':
      return plain('roles', () => ({ name: `Role ${tag()}`, description: '', rights: ['devices'] }))
    case 'access_keys':
      return plain('access_keys', () => createKey())
    case 'views':
      return {
        ...plain('views', () => ({ name: `View ${tag()}`, collection: 'tunnels', query: { q: '', sort: 'name', order: 'asc', filters: {} }, columns: ['name'] })),
        // Half the lists' views each, as one member keeps at most 100 of a list.
        fill: async (count) => {
          const query = JSON.stringify({ q: '', sort: 'name', order: 'asc', filters: {} })
          for (let n = 0; n < count; n++) {
            const collection = n % 2 ? 'devices' : 'users'
            await insertViews(server, [{ id: `filled-${tag()}`, organizationId: owner.organizationId, ownerId: owner.userId, name: `Filled ${n}`, collection, query }])
          }
        },
      }
    case 'invitations': {
      const { Administrator } = await roleIds(server, owner.organizationId)
      return {
        create: (_n, other) => post('/users/', { email: newAddress('capped'), roles: [Administrator] }, other),
            remove: (id) => del(`/users/${id}/invitation`),
      }
    }
    case 'alert_mutes': {
      const rule = expectStatus<Rec>(await post('/alert_rules/', { name: `Muted ${tag()}`, target: 'all', condition: 'offline', user_ids: [owner.userId] }), 201)
      return {
        create: (n, other) => post('/alerts/mutes', { rule_id: rule.id, until: later(24 + (n % 100)), note: `Mute ${n}` }, other),
            remove: (id) => del(`/alerts/mutes/${id}`),
      }
    }
  }
}

/** Fills `owner`'s organization with `count` records of `kind`; the ids of those made over the API. */
export async function fill(server: TestServer, owner: Tenant, maker: Maker, count: number): Promise<string[]> {
  if (maker.fill) {
    await maker.fill(count)
    return []
  }
  const ids: string[] = []
  for (let n = 0; n < count; n++) ids.push(expectStatus<Rec>(await maker.create(n), 201, `record ${n}`).id)
  return ids
}

const spread = <T>(servers: TestServer[], count: number, send: (server: TestServer, index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(servers[index % servers.length]!, index)))

/** Ten creates of `kind` at once at the free plan's last free place, spread over `servers`: exactly one is made. */
export async function capRace(servers: TestServer[], kind: CapName): Promise<void> {
  const owner = await register(servers[0]!, `Cap racer ${kind}`)
  const maker = await makerOf(servers[0]!, owner, kind)
  const { limit, message } = FREE[kind]
  await fill(servers[0]!, owner, maker, limit - 1)
  const answers = await spread(servers, 10, (server, n) => maker.create(limit + n, server))
  const statuses = answers.map((answer) => answer.status).sort()
  assert.equal(statuses, [201, ...Array<number>(9).fill(409)], `${kind}: ${answers.map((answer) => answer.text.slice(0, 80)).join(' | ')}`)
  for (const refused of answers.filter((answer) => answer.status === 409)) assert.equal(refused.body, { message })
  const billing = expectStatus<Rec>(await call(servers[0]!, 'GET', '/billing/', owner.token), 200)
  assert.equal(billing.caps?.[kind], { used: limit, limit }, kind)
}
