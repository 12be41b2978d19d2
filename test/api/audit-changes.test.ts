// The trail keeps what each write changed, filters by who, what, which record and when, and
// streams new entries to those who may read them: tested from the side of another organization,
// a member without the right, and someone reading the database file.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { trailOfOrganization } from '../fixtures'
import { hashSecret } from '../../src/server/auth/tokens'
import { secretsInDatabase } from './_server'
import { admin, call, createDevice, createKey, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from './collections/_api'
import { openEvents, quiet } from './collections/_events'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let b: Tenant

const trail = (who: { token: string }, query: Record<string, string> = {}) => call(server, 'GET', `/audit/?${new URLSearchParams(query)}`, who.token)
const entriesOf = async (who: { token: string }, query: Record<string, string> = {}) => expectStatus<Rec[]>(await trail(who, query), 200, JSON.stringify(query))
/** How far the test moved the server's clock: the trail's times are the server's. */
let moved = 0
const advance = (ms: number) => {
  moved += ms
  server.advance(ms)
}
const serverNow = () => Date.now() + moved
const change = (entry: Rec, field: string) => (entry.changes as Rec[]).find((item) => item.field === field)

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  b = await register(server, 'Other tenant')
})

test.after(async () => {
  await server.close()
})

test("a device rename keeps the name before and after, and only the fields that changed", async () => {
  const device = expectStatus<Rec>(await a.create('devices', createDevice({ name: 'Boiler room gateway' })), 201)
  expectStatus(await a.update('devices', device.id, { ...device, name: 'Roof gateway' }), 200)
  const [updated, created] = await entriesOf(a, { collection: 'devices', record_id: device.id })
  assert.is(updated!.action, 'update')
  assert.equal(updated!.changes, [{ field: 'name', before: 'Boiler room gateway', after: 'Roof gateway' }])
  assert.equal(updated!.fields, ['name'])
  assert.is(created!.action, 'create')
  assert.equal(change(created!, 'name'), { field: 'name', before: null, after: 'Boiler room gateway' }, 'a create lists its first values')
  assert.equal(change(created!, 'tags'), { field: 'tags', before: null, after: ['lab'] })

  expectStatus(await a.remove('devices', device.id), 200)
  const [deleted] = await entriesOf(a, { collection: 'devices', record_id: device.id })
  assert.is(deleted!.action, 'delete')
  assert.equal(change(deleted!, 'name'), { field: 'name', before: 'Roof gateway', after: null }, 'a delete keeps the last values')
})

test('a rotated app id secret and a new access key leave no secret, nor its hash, in the trail or the database', async () => {
  const app = expectStatus<Rec>(
    await a.create('app_ids' as never, { name: 'Sync app', redirect_uris: ['https://sync.example.com/cb'], scopes: ['devices'] }),
    201,
  )
  const rotated = expectStatus<Rec>(await call(server, 'POST', `/app_ids/${app.id}/rotate`, a.token), 200)
  const key = expectStatus<Rec>(await a.create('access_keys', createKey({ name: 'Audit key' })), 201)
  const secrets = [app.client_secret, rotated.client_secret, key.secret] as string[]
  const hashes = secrets.map(hashSecret)

  const [rotation] = await entriesOf(a, { collection: 'app_ids', record_id: app.id, action: 'rotate' })
  assert.equal(rotation!.changes, [{ field: 'client_secret', changed: true }], 'the secret only shows as changed')
  const rows = await trailOfOrganization(server, a.organizationId)
  const stored = JSON.stringify(rows)
  assert.ok(stored.includes('client_secret'), 'the rotation is in the audit table')
  for (const value of [...secrets, ...hashes]) assert.is(stored.includes(value), false, 'no secret or hash in the audit table')
  assert.equal(await secretsInDatabase(server, secrets), [], 'no secret anywhere in the database')
  const answer = await trail(a, { per_page: '100' })
  for (const value of [...secrets, ...hashes]) assert.is(answer.text.includes(value), false, 'nor in the trail as read')
})

test("a role's rights change keeps the rights before and after", async () => {
  const role = expectStatus<Rec>(await a.create('roles', { name: 'Night shift', description: '', rights: ['devices'] }), 201)
  expectStatus(await a.update('roles', role.id, { ...role, rights: ['devices', 'tunnels'] }), 200)
  const [updated] = await entriesOf(a, { collection: 'roles', record_id: role.id, action: 'update' })
  assert.equal(change(updated!, 'rights'), { field: 'rights', before: ['devices'], after: ['devices', 'tunnels'] })
  assert.is(change(updated!, 'name'), undefined, 'the name did not change')
})

test('actor, action, record and date filters combine; bad or unknown ones are refused with 400', async () => {
  const member = await register(server, 'Shift worker')
  await joinOrganization(server, member, a.organizationId, ['devices'])
  const start = new Date(serverNow() + 60_000).toISOString()
  advance(120_000)
  const mine = expectStatus<Rec>(await a.create('devices', createDevice()), 201)
  const theirs = expectStatus<Rec>(await member.create('devices', createDevice()), 201)
  expectStatus(await member.update('devices', theirs.id, { ...theirs, location: 'Basement' }), 200)
  expectStatus(await a.update('devices', mine.id, { ...mine, location: 'Attic' }), 200)
  advance(3_600_000)
  const middle = new Date(serverNow() - 60_000).toISOString()
  expectStatus(await member.update('devices', mine.id, { ...mine, version: 2, location: 'Garage' }), 200)

  const both = await entriesOf(a, { actor: member.userId, action: 'update', from: start })
  assert.equal(
    both.map((entry) => [entry.record_id, entry.changes[0].after]),
    [
      [mine.id, 'Garage'],
      [theirs.id, 'Basement'],
    ],
    'only the member’s updates since the start, newest first',
  )
  const before = await entriesOf(a, { actor: member.userId, action: 'update', from: start, to: middle })
  assert.equal(
    before.map((entry) => entry.record_id),
    [theirs.id],
    '`to` ends the range',
  )
  const one = await entriesOf(a, { actor: member.userId, collection: 'devices', record_id: mine.id })
  assert.equal(
    one.map((entry) => entry.action),
    ['update'],
  )
  const total = await trail(a, { actor: member.userId, per_page: '5' })
  assert.is(total.headers.get('X-Total-Count'), '3', 'the total counts the filter')

  const bad: Record<string, string>[] = [
    { from: 'yesterday' },
    { from: '2026-02-31' },
    { to: '2026-01-01T25:00:00Z' },
    { to: '2026-01-01T10:00:00' },
    { from: '2026-02-01', to: '2026-01-01' },
    { action: 'DROP TABLE' },
    { actor: '' },
    { actor: 'x'.repeat(65) },
    { actr: a.userId },
    { sort: 'at' },
  ]
  for (const query of bad) {
    const answer = await trail(a, query)
    assert.is(answer.status, 400, JSON.stringify(query))
    assert.type(answer.body.message, 'string')
    assert.ok(answer.body.message.length > 10, answer.body.message)
  }
  assert.match((await trail(a, { actr: 'x' })).body.message, /actr/, 'the message names the unknown filter')
  expectStatus(await trail(a, { from: '2026-01-01', to: '2026-01-02T00:00:00.000+02:00' }), 200)
})

test("another organization's entries never show, even asked for by its record, actor or action", async () => {
  const device = expectStatus<Rec>(await b.create('devices', createDevice({ name: 'Secret of B' })), 201)
  expectStatus(await b.update('devices', device.id, { ...device, name: 'Still secret of B' }), 200)
  const queries: Record<string, string>[] = [
    { collection: 'devices', record_id: device.id },
    { record_id: device.id },
    { actor: b.userId },
    { actor: b.userId, action: 'update' },
    { action: 'update', per_page: '100' },
  ]
  for (const query of queries) {
    const answer = await trail(a, query)
    assert.is(answer.status, 200)
    assert.is(answer.text.includes(device.id), false, JSON.stringify(query))
    assert.is(answer.text.includes('secret of B'), false)
  }
  assert.equal(await entriesOf(a, { actor: b.userId }), [])
  assert.is((await entriesOf(b, { collection: 'devices', record_id: device.id })).length, 2, 'B sees its own')
})

test('a new entry reaches the streams of its organization, only of those who may read it', async () => {
  const viewer = await register(server, 'Devices viewer')
  await joinOrganization(server, viewer, a.organizationId, ['devices'])
  const own = await openEvents(server, a.token)
  const limited = await openEvents(server, viewer.token)
  const other = await openEvents(server, b.token)
  try {
    const role = expectStatus<Rec>(await a.create('roles', { name: 'Live role', description: '', rights: [] }), 201)
    const device = expectStatus<Rec>(await a.create('devices', createDevice()), 201)
    const roleEntry = await own.waitFor((event) => event.event === 'audit' && event.data.record_id === role.id)
    assert.equal(roleEntry.data.collection, 'roles')
    assert.equal(roleEntry.data.action, 'create')
    const [entry] = await entriesOf(a, { record_id: role.id })
    assert.is(roleEntry.data.id, entry!.id, 'the event names the entry the trail shows')
    await limited.waitFor((event) => event.event === 'audit' && event.data.record_id === device.id)

    const theirs = expectStatus<Rec>(await b.create('devices', createDevice()), 201)
    await other.waitFor((event) => event.event === 'audit' && event.data.record_id === theirs.id)
    await quiet(200)
    assert.is(
      limited.events.some((event) => event.event === 'audit' && event.data.collection === 'roles'),
      false,
      'a member without the roles right hears no roles entry',
    )
    const leaked = other.events.filter((event) => event.event === 'audit' && [role.id, device.id].includes(event.data.record_id))
    assert.equal(leaked, [], 'another organization hears nothing of these')
    assert.is(
      own.events.some((event) => event.event === 'audit' && event.data.record_id === theirs.id),
      false,
    )

    // A refused write leaves no entry to announce.
    expectStatus(await a.update('devices', device.id, { ...device, version: 99, name: 'Stale' }), 409)
    await quiet(200)
    assert.is(own.events.filter((event) => event.event === 'audit' && event.data.record_id === device.id).length, 1)
  } finally {
    own.close()
    limited.close()
    other.close()
  }
})

test.run()
