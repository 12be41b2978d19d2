import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accessKeyIds, accessKeyRow, disableUser, everyAccessKey, setKeyRevoked, trailOf } from '../../fixtures'
import {
  call,
  client,
  createDevice,
  createKey,
  createTunnel,
  expectStatus,
  limitRights,
  register,
  startServer,
  type Tenant,
  type TestServer,
} from './_api'
import { openEvents } from './_events'
import { secretsInDatabase } from '../_server'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

/** A fresh organization with a device and a tunnel, and a key of `scopes` made by its user. */
async function setUp(scopes: string[], keyOverrides: Rec = {}) {
  const maker = await register(server, 'Keys')
  const device = expectStatus<Rec>(await maker.create('devices', createDevice()), 201)
  const tunnel = expectStatus<Rec>(await maker.create('tunnels', createTunnel(device.id)), 201)
  const issued = expectStatus<Rec>(await maker.create('access_keys', createKey({ name: 'Agent', scopes, ...keyOverrides })), 201)
  return { maker, device, tunnel, issued, key: client(server, issued.secret) }
}

const keyRow = async (id: string): Promise<Rec> => (await accessKeyRow(server, id))!
const statuses = async (answers: Promise<{ status: number }>[]) => (await Promise.all(answers)).map((answer) => answer.status)

test('sends the secret only in the answer that issues the key', async () => {
  const { maker, issued } = await setUp(['devices'])
  const secret: string = issued.secret
  const random = secret.slice('edk_12345678_'.length)
  assert.is(random.length, 43)
  const { secret: _, ...record } = issued
  const answers = [
    await maker.list('access_keys'),
    await maker.list('access_keys', { q: 'Agent' }),
    await maker.get('access_keys', issued.id),
    await maker.update('access_keys', issued.id, { ...record, name: 'Agent renamed' }),
    await maker.remove('access_keys', issued.id),
    await maker.get('access_keys', issued.id),
  ]
  for (const answer of answers) {
    assert.is(answer.status, 200)
    for (const text of [secret, random, 'secret']) assert.not.ok(answer.text.includes(text), `${text.slice(0, 12)}... in ${answer.text.slice(0, 120)}`)
  }
})

test('keeps no secret in clear in the database file', async () => {
  const { issued } = await setUp(['devices', 'tunnels'])
  const secret: string = issued.secret
  const random = secret.slice('edk_12345678_'.length)
  const row = await keyRow(issued.id)
  assert.equal(Object.keys(row).sort(), ['created_at', 'created_by', 'expires_at', 'id', 'last_used_at', 'made_by_key', 'name', 'organization_id', 'prefix', 'revoked_at', 'scopes', 'secret_hash', 'updated_at', 'version'])
  assert.is(row.prefix, secret.slice(0, 12))
  assert.match(row.secret_hash, /^[0-9a-f]{64}$/)
  for (const value of Object.values(await everyAccessKey(server)).flatMap((each) => Object.values(each))) {
    assert.not.ok(String(value).includes(random), `a column holds the key's random part: ${value}`)
  }
  assert.equal(await secretsInDatabase(server, [random]), [])
})

test('works as a Bearer token within its scopes and gets 403 outside them', async () => {
  const { maker, device, tunnel, issued, key } = await setUp(['devices'])
  const listed = await key.list('devices')
  assert.equal([listed.status, listed.headers.get('X-Total-Count')], [200, '1'])
  assert.equal(listed.body, expectStatus(await maker.list('devices'), 200))
  expectStatus(await key.get('devices', device.id), 200)
  expectStatus(await key.create('devices', createDevice()), 201)
  expectStatus(await key.heartbeat(device.id), 200)
  assert.equal(
    await statuses([key.list('tunnels'), key.get('tunnels', tunnel.id), key.list('access_keys'), key.get('access_keys', issued.id), key.remove('access_keys', issued.id)]),
    [403, 403, 403, 403, 403],
  )
  // A key speaks for its maker on collections only: it is no session.
  assert.equal(await statuses([call(server, 'GET', '/users/self', issued.secret), call(server, 'POST', '/logout', issued.secret, {})]), [401, 401])
  assert.is((await keyRow(issued.id)).revoked_at, null)

  const tunnelsOnly = await setUp(['tunnels'])
  const heartbeat = await tunnelsOnly.key.heartbeat(tunnelsOnly.device.id)
  assert.equal([heartbeat.status, heartbeat.body], [403, { message: 'You do not have the right to do this' }])
})

test('gets 401 everywhere once revoked', async () => {
  const { maker, device, issued, key } = await setUp(['devices', 'access_keys'])
  expectStatus(await key.list('devices'), 200)
  expectStatus(await maker.remove('access_keys', issued.id), 200)
  assert.equal(await statuses([key.list('devices'), key.get('devices', device.id), key.heartbeat(device.id), key.list('access_keys')]), [401, 401, 401, 401])
  await openEvents(server, issued.secret).then(
    () => assert.unreachable('a revoked key opened the events stream'),
    (error: Error) => assert.match(error.message, /^events answered 401/),
  )
})

test('refuses to issue a key with a scope its maker does not hold', async () => {
  const { maker, issued } = await setUp(['devices', 'access_keys'])
  const count = async () => (await accessKeyIds(server, maker.organizationId)).length
  await limitRights(server, maker.email, ['devices', 'access_keys', 'users'])
  const wider = await maker.create('access_keys', createKey({ scopes: ['devices', 'tunnels'] }))
  assert.equal([wider.status, wider.body], [403, { message: 'You cannot give a key a right you do not hold yourself' }])
  // A key is held to its own scopes too: the maker holds users, the key does not.
  const key = client(server, issued.secret)
  const throughKey = await key.create('access_keys', createKey({ scopes: ['devices', 'users'] }))
  assert.equal([throughKey.status, throughKey.body.message], [403, 'You cannot give a key a right you do not hold yourself'])
  assert.is(await count(), 1)
  expectStatus(await maker.create('access_keys', createKey({ scopes: ['devices', 'users'] })), 201)
  expectStatus(await key.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  assert.is(await count(), 3)
})

test("loses a right as soon as its maker does, and everything when the maker is disabled", async () => {
  const { maker, tunnel, key } = await setUp(['devices', 'tunnels'])
  expectStatus(await key.get('tunnels', tunnel.id), 200)
  await limitRights(server, maker.email, ['devices', 'access_keys'])
  assert.equal(await statuses([key.get('tunnels', tunnel.id), key.list('tunnels'), key.list('devices')]), [403, 403, 200])
  await limitRights(server, maker.email, ['devices', 'tunnels', 'access_keys'])
  expectStatus(await key.get('tunnels', tunnel.id), 200, 'the scope comes back with the right')
  await disableUser(server, maker.userId)
  assert.equal(await statuses([key.list('devices'), key.list('tunnels')]), [401, 401])
})

test('notes its last use, writing it at most once a minute', async () => {
  const { maker, key, issued } = await setUp(['devices'])
  assert.is((await keyRow(issued.id)).last_used_at, null)
  expectStatus(await key.list('devices'), 200)
  const first = (await keyRow(issued.id)).last_used_at
  assert.ok(first, 'set on first use')
  assert.is(expectStatus<Rec>(await maker.get('access_keys', issued.id), 200).last_used_at, first)
  server.advance(30_000)
  expectStatus(await key.list('devices'), 200)
  expectStatus(await key.list('devices'), 200)
  assert.is((await keyRow(issued.id)).last_used_at, first, 'not rewritten within a minute')
  server.advance(31_000)
  expectStatus(await key.list('devices'), 200)
  const second = (await keyRow(issued.id)).last_used_at
  assert.ok(Date.parse(second) - Date.parse(first) >= 60_000, `${first} -> ${second}`)
})

test('gets 401 once past its expiry, and not a minute before', async () => {
  const { device, issued, key } = await setUp(['devices'], { expires_in_days: 7 })
  const expiresAt = Date.parse(issued.expires_at)
  assert.is(expiresAt - Date.parse(issued.created_at), 7 * 24 * 3600_000)
  server.advance(7 * 24 * 3600_000 - 60_000)
  expectStatus(await key.list('devices'), 200, 'a minute before expiry')
  server.advance(2 * 60_000)
  assert.equal(await statuses([key.list('devices'), key.heartbeat(device.id)]), [401, 401])
})

/** A key of `scopes` made with the key `maker`. */
async function keyMadeWith(maker: Rec, scopes: string[], overrides: Rec = {}) {
  const issued = expectStatus<Rec>(await client(server, maker.secret).create('access_keys', createKey({ scopes, ...overrides })), 201, 'key made with a key')
  return { issued, key: client(server, issued.secret) }
}

test('what a key makes ends with it: its keys, and theirs, get 401 once it is revoked, and are listed revoked', async () => {
  const { maker, device, issued } = await setUp(['devices', 'access_keys'])
  const child = await keyMadeWith(issued, ['devices', 'access_keys'])
  const grandchild = await keyMadeWith(child.issued, ['devices'])
  assert.equal(await statuses([child.key.list('devices'), grandchild.key.heartbeat(device.id)]), [200, 200])
  const events = await openEvents(server, grandchild.issued.secret)
  expectStatus(await maker.remove('access_keys', issued.id), 200)
  assert.ok(await events.waitForEnd(2000), 'the stream opened with the grandchild ends')
  assert.equal(await statuses([child.key.list('devices'), child.key.heartbeat(device.id), grandchild.key.list('devices'), grandchild.key.heartbeat(device.id)]), [401, 401, 401, 401])
  const listed = expectStatus<Rec[]>(await maker.list('access_keys'), 200)
  assert.equal(listed.map((key) => key.revoked_at !== null), [true, true, true])
  const trail = (await trailOf(server, [child.issued.id, grandchild.issued.id])).sort((x, y) => (x.record_id < y.record_id ? -1 : x.record_id > y.record_id ? 1 : 0))
  assert.equal(trail.filter((entry) => entry.action === 'revoke').map((entry) => entry.actor_id), [maker.userId, maker.userId])
  assert.is((await keyRow(grandchild.issued.id)).made_by_key, child.issued.id)
})

test('a key made with a key stops when that key ends by any means, its own row untouched', async () => {
  const { device, issued } = await setUp(['devices', 'access_keys'])
  const child = await keyMadeWith(issued, ['devices'])
  expectStatus(await child.key.heartbeat(device.id), 200)
  await setKeyRevoked(server, issued.id)
  assert.equal(await statuses([child.key.list('devices'), child.key.heartbeat(device.id)]), [401, 401])
  assert.is((await keyRow(child.issued.id)).revoked_at, null)
})

test('a key made with a key lasts no longer than it, holds no more, and chains stop at eight deep', async () => {
  const { issued } = await setUp(['devices', 'access_keys'], { expires_in_days: 7 })
  const child = await keyMadeWith(issued, ['devices', 'access_keys'], { expires_in_days: null })
  assert.is(child.issued.expires_at, issued.expires_at)
  const wider = await child.key.create('access_keys', createKey({ scopes: ['tunnels'] }))
  assert.equal([wider.status, wider.body.message], [403, 'You cannot give a key a right you do not hold yourself'])
  let last = child
  for (let depth = 3; depth <= 8; depth++) last = await keyMadeWith(last.issued, ['devices', 'access_keys'])
  expectStatus(await last.key.list('devices'), 200, 'the eighth key works')
  const ninth = await last.key.create('access_keys', createKey({ scopes: ['devices'] }))
  assert.equal([ninth.status, ninth.body.message], [403, 'A key made by keys 8 deep cannot make another; make it while signed in'])
  server.advance(7 * 24 * 3600_000 + 60_000)
  assert.is((await last.key.list('devices')).status, 401)
})

test('a heartbeat key sends heartbeats and may do nothing else', async () => {
  const { maker, device, issued } = await setUp(['heartbeat'])
  assert.equal(issued.scopes, ['heartbeat'])
  const key = client(server, issued.secret)
  expectStatus(await key.heartbeat(device.id), 200)
  const refused = await Promise.all([
    key.list('devices'),
    key.get('devices', device.id),
    key.update('devices', device.id, { ...device, name: 'Taken over' }),
    key.remove('devices', device.id),
    key.create('devices', createDevice()),
    call(server, 'GET', '/events', issued.secret),
    call(server, 'GET', '/summary', issued.secret),
    call(server, 'GET', '/metrics/network?range=1h', issued.secret),
  ])
  assert.equal(refused.map((answer) => [answer.status, answer.body.message]), Array(8).fill([403, 'This key may only send device heartbeats']))
  expectStatus(await maker.get('devices', device.id), 200)
  // Its maker must hold devices to give it, and it stops when the maker loses them.
  await limitRights(server, maker.email, ['access_keys', 'tunnels'])
  assert.is((await key.heartbeat(device.id)).status, 403)
  const given = await maker.create('access_keys', createKey({ scopes: ['heartbeat'] }))
  assert.equal([given.status, given.body.message], [403, 'You cannot give a key a right you do not hold yourself'])
})

test('a key with devices still sends heartbeats, and can give a heartbeat key', async () => {
  const { device, issued } = await setUp(['devices', 'access_keys'])
  expectStatus(await client(server, issued.secret).heartbeat(device.id), 200)
  const child = await keyMadeWith(issued, ['heartbeat'])
  expectStatus(await child.key.heartbeat(device.id), 200)
  assert.is((await child.key.list('devices')).status, 403)
})

test.run()
