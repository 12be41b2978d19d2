import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  admin,
  call,
  client,
  createDevice,
  createKey,
  expectStatus,
  joinOrganization,
  register,
  startServer,
  type Tenant,
  type TestServer,
} from '../collections/_api'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let b: Tenant

const trail = (who: { token: string }, query: Record<string, string> = {}) =>
  call(server, 'GET', `/audit/?${new URLSearchParams(query)}`, who.token)

const entriesOf = async (who: { token: string }, query: Record<string, string> = {}) => expectStatus<Rec[]>(await trail(who, query), 200)

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  b = await register(server, 'Other tenant')
})

test.after(async () => {
  await server.close()
})

test('a device created, changed and deleted leaves three entries naming who, what, which record and from where', async () => {
  const device = expectStatus<Rec>(await a.create('devices', createDevice({ name: 'Audited box' })), 201)
  const changed = expectStatus<Rec>(await a.update('devices', device.id, { ...device, name: 'Audited box 2', location: 'Roof' }), 200)
  expectStatus(await a.remove('devices', device.id), 200)

  const entries = await entriesOf(a, { collection: 'devices', record_id: device.id })
  assert.equal(
    entries.map((entry) => entry.action),
    ['delete', 'update', 'create'],
    'newest first',
  )
  const [deleted, updated, created] = entries as [Rec, Rec, Rec]
  assert.equal(updated.fields.sort(), ['location', 'name'], 'an update names the fields it changed')
  assert.is(created.record_name, 'Audited box')
  assert.is(deleted.record_name, 'Audited box 2')
  for (const entry of entries) {
    assert.equal(entry.actor, { kind: 'user', id: a.userId, name: 'Administrator' })
    assert.is(entry.collection, 'devices')
    assert.is(entry.record_id, device.id)
    assert.ok(entry.ip, 'from where')
    assert.ok(Date.parse(entry.at) >= Date.parse(changed.updated_at) - 60_000, 'when')
  }
})

test('a stale version (409) and refused input (400) leave no entry', async () => {
  const device = expectStatus<Rec>(await a.create('devices', createDevice()), 201)
  expectStatus(await a.update('devices', device.id, { ...device, name: 'First' }), 200)
  expectStatus(await a.update('devices', device.id, { ...device, name: 'Stale' }), 409)
  expectStatus(await a.update('devices', device.id, { ...device, version: device.version + 1, serial: 'bad serial!' }), 400)
  const entries = await entriesOf(a, { collection: 'devices', record_id: device.id })
  assert.equal(
    entries.map((entry) => entry.action),
    ['update', 'create'],
  )
})

test('a write through an access key names the key; revoking it is an entry of its own', async () => {
  const issued = expectStatus<Rec>(await a.create('access_keys', createKey({ name: 'Robot key', scopes: ['devices'] })), 201)
  const robot = client(server, issued.secret)
  const device = expectStatus<Rec>(await robot.create('devices', createDevice()), 201)
  const [entry] = await entriesOf(a, { collection: 'devices', record_id: device.id })
  assert.equal(entry!.actor, { kind: 'key', id: issued.id, name: 'Robot key' })

  expectStatus(await a.remove('access_keys', issued.id), 200)
  const keyEntries = await entriesOf(a, { collection: 'access_keys', record_id: issued.id })
  assert.equal(
    keyEntries.map((item) => item.action),
    ['revoke', 'create'],
  )
  assert.is(keyEntries.some((item) => JSON.stringify(item).includes(issued.secret)), false, 'the secret is not in the trail')
})

test('a sign-in is an entry of the users trail of the current organization', async () => {
  const res = await fetch(`${server.url}/api/login/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'AuditTest/1.0', 'X-Forwarded-For': '203.0.113.77' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-secret-1' }),
  })
  assert.is(res.status, 200)
  const entries = await entriesOf(a, { collection: 'users', record_id: a.userId })
  const signIn = entries.find((entry) => entry.action === 'sign_in' && entry.user_agent === 'AuditTest/1.0')
  assert.ok(signIn, 'the sign-in is recorded')
  assert.is(signIn!.ip, '203.0.113.77', 'from the address the trusted proxy tells')
  assert.is((await entriesOf(b, { collection: 'users' })).some((entry) => entry.record_id === a.userId), false)
})

test('a viewer sees only the entries of collections they hold; asking for another is 403', async () => {
  const member = await register(server, 'Devices only')
  await joinOrganization(server, member, a.organizationId, ['devices'])
  const key = expectStatus<Rec>(await a.create('access_keys', createKey()), 201)
  const device = expectStatus<Rec>(await a.create('devices', createDevice()), 201)

  const seen = await entriesOf(member)
  assert.ok(seen.length > 0)
  assert.equal([...new Set(seen.map((entry) => entry.collection))], ['devices'], 'only devices entries')
  assert.ok(seen.some((entry) => entry.record_id === device.id))
  assert.is(seen.some((entry) => entry.record_id === key.id), false)
  expectStatus(await trail(member, { collection: 'access_keys' }), 403)
  expectStatus(await trail(member, { collection: 'access_keys', record_id: key.id }), 403)
})

test("another organization's entries never show, not even asked for by their record id", async () => {
  const device = expectStatus<Rec>(await b.create('devices', createDevice({ name: 'Secret of B' })), 201)
  assert.equal(await entriesOf(a, { collection: 'devices', record_id: device.id }), [])
  const all = await trail(a, { per_page: '100' })
  assert.is(all.text.includes(device.id), false)
  assert.is(all.text.includes('Secret of B'), false)
  const own = await entriesOf(b, { collection: 'devices', record_id: device.id })
  assert.is(own.length, 1)
})

test('pages the trail with its total, and refuses bad parameters with 400', async () => {
  const first = await trail(a, { per_page: '5', page: '1' })
  const total = Number(first.headers.get('X-Total-Count'))
  assert.ok(total > 5)
  const second = expectStatus<Rec[]>(await trail(a, { per_page: '5', page: '2' }), 200)
  const ids = new Set((first.body as Rec[]).map((entry) => entry.id))
  assert.is(second.some((entry) => ids.has(entry.id)), false, 'pages do not overlap')
  const bad: Record<string, string>[] = [{ collection: 'nope' }, { per_page: '7' }, { page: '0' }, { page: 'x' }, { record_id: 'x'.repeat(65) }]
  for (const query of bad) {
    const answer = await trail(a, query)
    assert.is(answer.status, 400, JSON.stringify(query))
    assert.type(answer.body.message, 'string')
  }
  expectStatus(await call(server, 'GET', '/audit/'), 401)
})

test.run()
