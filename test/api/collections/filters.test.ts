import { randomUUID } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { expireAccessKey, indexedTagsOf, insertDevices, linkDevice, setDeviceLocation, setDeviceStatus, type CraftedDevice } from '../../fixtures'
import { call, createKey, createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from './_api'

type Rec = Record<string, any>
type Query = [string, string][]

let server: TestServer
let me: Tenant
let other: Tenant

/** A small seeded generator, so every run asks the same questions. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const STATUSES = ['online', 'offline', 'provisioning', 'error']
const TAGS = ['edge', 'core', 'lab', 'Edge', 'edge-2']
const FIRMWARES = ['3.1.0', '3.2.0', '4.0.0']
const DAY = 24 * 3600_000
const BASE = Date.parse('2026-10-01T00:00:00.000Z')

/** Devices straight into the table, every combination the filters tell apart; `prefix` names them. */
async function seedDevices(organizationId: string, prefix: string, count: number) {
  const next = generator(prefix.length * 7919)
  const at = new Date(BASE).toISOString()
  const devices: CraftedDevice[] = []
  for (let n = 0; n < count; n++) {
    const tags = TAGS.filter(() => next() < 0.35)
    const seen = next() < 0.2 ? null : new Date(BASE + Math.floor(next() * 60) * DAY).toISOString()
    const status = STATUSES[Math.floor(next() * STATUSES.length)]!
    const firmware = FIRMWARES[Math.floor(next() * FIRMWARES.length)]!
    devices.push({ name: `${prefix} ${n % 3 === 0 ? 'gateway' : 'sensor'} ${n}`, serial: `${prefix}-${n}`, status, firmware, tags, lastSeen: seen, createdAt: at })
  }
  await insertDevices(server, organizationId, devices)
}

/** `GET /api/{name}/?{query}` with `filter[...]` pairs as given; the answer. */
const list = (who: Tenant, name: string, query: Query) => call(server, 'GET', `/${name}/?${new URLSearchParams([['per_page', '100'], ...query])}`, who.token)
const ids = (rows: Rec[]) => rows.map((row) => row.id as string).sort()
const rowsOf = async (who: Tenant, name: string, query: Query = []) => expectStatus<Rec[]>(await list(who, name, query), 200, `${name} ${JSON.stringify(query)}`)

let allDevices: Rec[] = []

test.before(async () => {
  server = await startServer({ offlineAfterS: 10 * 365 * 86_400 })
  me = await register(server, 'Filtered')
  other = await register(server, 'Elsewhere')
  await seedDevices(me.organizationId, 'Mine', 60)
  await seedDevices(other.organizationId, 'Theirs', 30)
  allDevices = await rowsOf(me, 'devices')
  assert.is(allDevices.length, 60)
})
test.after(() => server.close())

test('device filters combine: any value of a field, every field (seeded)', async () => {
  const next = generator(0xf117)
  const pick = <T>(list: readonly T[]) => list.filter(() => next() < 0.4)
  let nonEmpty = 0
  for (let run = 0; run < 40; run++) {
    const statuses = pick(STATUSES)
    const tags = pick(TAGS)
    const firmwares = pick(FIRMWARES)
    const before = next() < 0.3 ? new Date(BASE + Math.floor(next() * 60) * DAY).toISOString() : undefined
    const after = next() < 0.3 ? new Date(BASE + Math.floor(next() * 60) * DAY).toISOString() : undefined
    const names = next() < 0.2 ? ['GATEWAY'] : []
    const query: Query = [
      ...statuses.map((value): [string, string] => ['filter[status]', value]),
      ...tags.map((value): [string, string] => ['filter[tag]', value]),
      ...firmwares.map((value): [string, string] => ['filter[firmware]', value]),
      ...names.map((value): [string, string] => ['filter[name]', value]),
      ...(before ? [['filter[last_seen_before]', before] as [string, string]] : []),
      ...(after ? [['filter[last_seen_after]', after] as [string, string]] : []),
    ]
    const expected = allDevices.filter(
      (row) =>
        (!statuses.length || statuses.includes(row.status)) &&
        (!tags.length || tags.some((tag) => row.tags.includes(tag))) &&
        (!firmwares.length || firmwares.includes(row.firmware)) &&
        (!names.length || names.some((name) => row.name.toLowerCase().includes(name.toLowerCase()))) &&
        (!before || (row.last_seen !== null && row.last_seen < before)) &&
        (!after || (row.last_seen !== null && row.last_seen >= after)),
    )
    const answer = await list(me, 'devices', query)
    const rows = expectStatus<Rec[]>(answer, 200, JSON.stringify(query))
    assert.equal(ids(rows), ids(expected), `devices for ${JSON.stringify(query)}`)
    assert.is(answer.headers.get('X-Total-Count'), String(expected.length), `total for ${JSON.stringify(query)}`)
    if (expected.length) nonEmpty++
  }
  assert.ok(nonEmpty >= 10, `most questions find devices (${nonEmpty} of 40)`)
})

test('a tag is matched whole and with its case: edge is not Edge nor edge-2', async () => {
  const rows = await rowsOf(me, 'devices', [['filter[tag]', 'edge']])
  assert.ok(rows.length > 0)
  for (const row of rows) assert.ok(row.tags.includes('edge'), JSON.stringify(row.tags))
  assert.is(rows.length, allDevices.filter((row) => row.tags.includes('edge')).length)
})

test('a tag filter follows edits, heartbeats and deletes through its index, on either database', async () => {
  // Straight into the table, past the plan's limit the seeded devices already fill: the trigger still sees it.
  const id = randomUUID()
  const at = new Date(BASE).toISOString()
  await insertDevices(server, me.organizationId, [
    { id, name: 'Tag follower', serial: `TF-${id.slice(0, 8)}`, model: 'EG', status: 'offline', firmware: '3.1.0', tags: ['alpha', 'beta', 'alpha'], tagsText: 'alpha beta', createdAt: at },
  ])
  const device = expectStatus(await call(server, 'GET', `/devices/${id}`, me.token), 200) as Rec
  const tagged = async (tag: string) => ids(await rowsOf(me, 'devices', [['filter[tag]', tag]])).includes(device.id)
  assert.equal([await tagged('alpha'), await tagged('beta'), await tagged('gamma')], [true, true, false])
  const saved = expectStatus(await call(server, 'PUT', `/devices/${device.id}`, me.token, { ...device, tags: ['beta', 'gamma', ' gamma '] }), 200) as Rec
  assert.equal([await tagged('alpha'), await tagged('beta'), await tagged('gamma')], [false, true, true])
  // A write that leaves the tags alone (as a heartbeat's) keeps the index rows as they were.
  await setDeviceStatus(server, device.id, 'online', new Date().toISOString())
  assert.equal(await indexedTagsOf(server, device.id), ['beta', 'gamma'])
  expectStatus(await call(server, 'DELETE', `/devices/${saved.id}`, me.token), 200)
  assert.equal(await indexedTagsOf(server, device.id), [])
})

test('filters combine with the search and the sort, and page with the right total', async () => {
  const query: Query = [['filter[status]', 'online'], ['filter[status]', 'offline'], ['q', 'sensor'], ['sort', 'last_seen'], ['order', 'desc']]
  const rows = await rowsOf(me, 'devices', query)
  const expected = allDevices.filter((row) => ['online', 'offline'].includes(row.status) && row.name.includes('sensor'))
  assert.equal(ids(rows), ids(expected))
  const page = await call(server, 'GET', `/devices/?${new URLSearchParams([...query, ['per_page', '5'], ['page', '2']])}`, me.token)
  assert.is(page.headers.get('X-Total-Count'), String(expected.length))
  assert.equal((page.body as Rec[]).map((row) => row.id), rows.slice(5, 10).map((row) => row.id))
})

test('a location is matched whole, in any case, any of several', async () => {
  const [lobby, upper, dock] = allDevices.slice(0, 3).map((row) => row.id as string)
  await setDeviceLocation(server, lobby!, 'Lobby')
  await setDeviceLocation(server, upper!, 'LOBBY')
  await setDeviceLocation(server, dock!, 'Lobby annex')
  assert.equal(ids(await rowsOf(me, 'devices', [['filter[location]', 'lobby']])), [lobby!, upper!].sort())
  assert.equal(ids(await rowsOf(me, 'devices', [['filter[location]', 'Lobby'], ['filter[location]', 'Lobby Annex']])), [lobby!, upper!, dock!].sort())
  assert.equal(await rowsOf(other, 'devices', [['filter[location]', 'Lobby']]), [])
})

test('another organization’s devices never appear, whatever the filter', async () => {
  const theirs = new Set(ids(await rowsOf(other, 'devices')))
  assert.is(theirs.size, 30)
  for (const query of [[['filter[tag]', 'edge']], [['filter[name]', 'Theirs']], [['filter[status]', 'online'], ['filter[status]', 'offline'], ['filter[status]', 'error'], ['filter[status]', 'provisioning']]] as Query[]) {
    for (const row of await rowsOf(me, 'devices', query)) assert.not.ok(theirs.has(row.id), `${JSON.stringify(query)} showed ${row.name}`)
  }
  assert.equal(await rowsOf(me, 'devices', [['filter[name]', 'Theirs']]), [])
})

test('an unknown filter field or a bad value answers 400 naming the field', async () => {
  const cases: [string, Query, string][] = [
    ['devices', [['filter[colour]', 'red']], 'colour'],
    ['devices', [['filter[organization_id]', other.organizationId]], 'organization_id'],
    ['devices', [['filter[status]', 'sleeping']], 'status'],
    ['devices', [['filter[status]', 'online'], ['filter[status]', 'bogus']], 'status'],
    ['devices', [['filter[last_seen_before]', 'yesterday']], 'last_seen_before'],
    ['devices', [['filter[last_seen_after]', '2026-13-45T99:00:00Z']], 'last_seen_after'],
    ['devices', [['filter[last_seen_before]', '2026-11-01T00:00:00Z'], ['filter[last_seen_before]', '2026-12-01T00:00:00Z']], 'last_seen_before'],
    ['devices', [['filter[tag]', 'x'.repeat(101)]], 'tag'],
    ['devices', Array.from({ length: 51 }, (_, n): [string, string] => ['filter[tag]', `t${n}`]), 'tag'],
    ['access_keys', [['filter[expiry]', 'soon']], 'expiry'],
    ['access_keys', [['filter[scope]', 'root']], 'scope'],
    ['access_keys', [['filter[revoked]', 'maybe']], 'revoked'],
    ['users', [['filter[status]', 'gone']], 'status'],
    ['users', [['filter[tag]', 'edge']], 'tag'],
    ['tunnels', [['filter[protocol]', 'ftp']], 'protocol'],
    ['tunnels', [['filter[status]', 'sideways']], 'status'],
  ]
  for (const [name, query, field] of cases) {
    const answer = await list(me, name, query)
    assert.is(answer.status, 400, `${name} ${JSON.stringify(query).slice(0, 120)}`)
    assert.ok(String(answer.body?.message).includes(field), `the message names ${field}: ${answer.body?.message}`)
  }
  // Present but empty asks for nothing.
  assert.is((await rowsOf(me, 'devices', [['filter[status]', '']])).length, 60)
})

test('access keys filter by scope, expiry and revocation', async () => {
  const made: Rec[] = []
  for (const [scopes, days] of [[['devices'], 7], [['devices', 'tunnels'], 30], [['tunnels'], null], [['heartbeat'], 365], [['users'], 90]] as const) {
    made.push(expectStatus(await me.create('access_keys', createKey({ scopes, expires_in_days: days })), 201))
  }
  expectStatus(await me.remove('access_keys', made[1]!.id), 200)
  // One expired yesterday.
  await expireAccessKey(server, made[4]!.id, DAY)
  expectStatus(await other.create('access_keys', createKey({ scopes: ['devices'], expires_in_days: 7 })), 201)
  const keys = await rowsOf(me, 'access_keys')
  const named = (rows: Rec[]) => rows.map((row) => row.name).sort()
  const check = async (query: Query, keep: (row: Rec) => boolean) => {
    assert.equal(named(await rowsOf(me, 'access_keys', query)), named(keys.filter(keep)), JSON.stringify(query))
  }
  const now = Date.now()
  await check([['filter[scope]', 'devices']], (row) => row.scopes.includes('devices'))
  await check([['filter[scope]', 'tunnels'], ['filter[scope]', 'heartbeat']], (row) => row.scopes.includes('tunnels') || row.scopes.includes('heartbeat'))
  await check([['filter[expiry]', 'never']], (row) => row.expires_at === null)
  await check([['filter[expiry]', 'expired']], (row) => row.expires_at !== null && Date.parse(row.expires_at) <= now)
  await check([['filter[expiry]', 'within_8']], (row) => row.expires_at !== null && Date.parse(row.expires_at) > now && Date.parse(row.expires_at) <= now + 8 * DAY)
  await check([['filter[expiry]', 'within_31'], ['filter[expiry]', 'never']], (row) => row.expires_at === null || (Date.parse(row.expires_at) > now && Date.parse(row.expires_at) <= now + 31 * DAY))
  await check([['filter[revoked]', 'true']], (row) => row.revoked_at !== null)
  await check([['filter[revoked]', 'false'], ['filter[scope]', 'devices']], (row) => row.revoked_at === null && row.scopes.includes('devices'))
  await check([['filter[revoked]', 'false'], ['filter[revoked]', 'true']], () => true)
  assert.is((await rowsOf(me, 'access_keys', [['filter[scope]', 'devices'], ['filter[expiry]', 'within_8']])).length, 1, 'the 7-day devices key alone')
})

test('users filter by role and status; tunnels by protocol, status and device', async () => {
  const role = expectStatus(await call(server, 'POST', '/roles/', me.token, { name: 'Operators', description: '', rights: ['devices'] }), 201)
  const roles = expectStatus<Rec[]>(await me.list('roles' as never, { per_page: 100 }), 200)
  const admin = roles.find((row) => row.name !== 'Operators')!
  for (const [n, roleIds] of [[1, [role.id]], [2, [role.id, admin.id]], [3, [admin.id]]] as const) {
    expectStatus(await me.create('users', { email: `filtered-${n}-${process.pid}@example.com`, roles: roleIds }), 201)
  }
  const users = await rowsOf(me, 'users')
  const emails = (rows: Rec[]) => rows.map((row) => row.email).sort()
  const holds = (row: Rec, id: string) => row.roles.some((held: Rec) => held.id === id)
  assert.equal(emails(await rowsOf(me, 'users', [['filter[role]', role.id]])), emails(users.filter((row) => holds(row, role.id))))
  assert.equal(emails(await rowsOf(me, 'users', [['filter[role]', role.id], ['filter[role]', admin.id]])), emails(users))
  assert.equal(emails(await rowsOf(me, 'users', [['filter[status]', 'invited']])), emails(users.filter((row) => row.status === 'invited')))
  assert.equal(emails(await rowsOf(me, 'users', [['filter[status]', 'active'], ['filter[role]', role.id]])), [])
  // Another organization's role finds nobody here.
  const theirRoles = expectStatus<Rec[]>(await other.list('roles' as never, { per_page: 100 }), 200)
  assert.equal(await rowsOf(me, 'users', [['filter[role]', theirRoles[0]!.id]]), [])

  const [online, offline] = [allDevices.find((row) => row.status === 'online')!, allDevices.find((row) => row.status === 'offline')!]
  for (const [device, protocol, enabled] of [[online, 'tcp', true], [online, 'http', true], [online, 'tcp', false], [offline, 'tcp', true]] as const) {
    expectStatus(await me.create('tunnels', createTunnel(device.id, { protocol, enabled })), 201)
  }
  // The online device's agent is linked: its enabled tunnels are up.
  await linkDevice(server, { id: online.id, organizationId: me.organizationId })
  const tunnels = await rowsOf(me, 'tunnels')
  const names = (rows: Rec[]) => rows.map((row) => row.name).sort()
  const check = async (query: Query, keep: (row: Rec) => boolean) => assert.equal(names(await rowsOf(me, 'tunnels', query)), names(tunnels.filter(keep)), JSON.stringify(query))
  await check([['filter[protocol]', 'tcp']], (row) => row.protocol === 'tcp')
  await check([['filter[protocol]', 'tcp'], ['filter[protocol]', 'http']], () => true)
  await check([['filter[status]', 'up']], (row) => row.status === 'up')
  await check([['filter[status]', 'down'], ['filter[protocol]', 'tcp']], (row) => row.status === 'down' && row.protocol === 'tcp')
  await check([['filter[device_id]', online.id]], (row) => row.device_id === online.id)
  await check([['filter[status]', 'up'], ['filter[status]', 'down']], () => true)
  assert.is((await rowsOf(me, 'tunnels', [['filter[status]', 'up']])).length, 2)
  // The older form, a field named alone, still narrows.
  await check([['protocol', 'http']], (row) => row.protocol === 'http')
  // Another organization's device id finds nothing.
  const theirDevice = (await rowsOf(other, 'devices'))[0]!
  assert.equal(await rowsOf(me, 'tunnels', [['filter[device_id]', theirDevice.id]]), [])
})

test.run()
