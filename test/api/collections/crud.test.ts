import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { recordsTogether, storedRow, tunnelsOf, type Table } from '../../fixtures'
import {
  call,
  createDevice,
  createKey,
  createTunnel,
  expectStatus,
  limitRights,
  register,
  startServer,
  type CollectionName,
  type Tenant,
  type TestServer,
} from './_api'

type Rec = Record<string, any>

let server: TestServer
let me: Tenant

test.before(async () => {
  server = await startServer()
  me = await register(server, 'Crud')
})
test.after(() => server.close())

const newDevice = async (who: Tenant = me, overrides: Rec = {}) => expectStatus<Rec>(await who.create('devices', createDevice(overrides)), 201, 'create device')
const newTunnel = async (deviceId: string, overrides: Rec = {}) => expectStatus<Rec>(await me.create('tunnels', createTunnel(deviceId, overrides)), 201, 'create tunnel')
const newKey = async (overrides: Rec = {}) => expectStatus<Rec>(await me.create('access_keys', createKey(overrides)), 201, 'create key')
const rowOf = (table: Table, id: string) => storedRow(server, table, id)

test('creates a device as provisioning, reads it back and updates what a person sets', async () => {
  const body = createDevice({ name: 'Lobby kiosk', tags: ['kiosk', 'lobby', 'kiosk'] })
  const created = expectStatus<Rec>(await me.create('devices', body), 201)
  assert.equal(
    { ...created, id: '', created_at: '', updated_at: '' },
    { id: '', name: 'Lobby kiosk', serial: body.serial, model: 'EdgeBox 300', status: 'provisioning', ip: '', firmware: '', os: '', location: 'Test lab', tags: ['kiosk', 'lobby'], enabled: true, last_seen: null, enrolled_by: null, created_at: '', updated_at: '', version: 1 },
  )
  assert.equal(expectStatus(await me.get('devices', created.id), 200), created)

  server.advance(1000)
  // The whole record goes back; what heartbeats set (status, ip) is not the editor's to change.
  const sent = { ...created, name: 'Lobby kiosk 2', tags: ['kiosk'], status: 'online', ip: '203.0.113.9' }
  const updated = expectStatus<Rec>(await me.update('devices', created.id, sent), 200)
  assert.equal(updated, { ...created, name: 'Lobby kiosk 2', tags: ['kiosk'], version: 2, updated_at: updated.updated_at })
  assert.ok(updated.updated_at > created.updated_at)
  assert.equal(expectStatus(await me.get('devices', created.id), 200), updated)
})

test('creates a tunnel with an endpoint of its protocol, keeping it until the protocol changes', async () => {
  const device = await newDevice()
  const tcp = await newTunnel(device.id, { name: 'ssh', protocol: 'tcp', local_port: 22 })
  assert.is(tcp.public_endpoint, `tcp:${tcp.id}`)
  assert.equal(
    { ...tcp, id: '', public_endpoint: '', created_at: '', updated_at: '' },
    { id: '', name: 'ssh', device_id: device.id, device_name: device.name, protocol: 'tcp', target_host: '127.0.0.1', local_port: 22, public_endpoint: '', enabled: true, status: 'down', created_at: '', updated_at: '', version: 1 },
  )
  assert.equal(expectStatus(await me.get('tunnels', tcp.id), 200), tcp)

  const renamed = expectStatus<Rec>(await me.update('tunnels', tcp.id, { ...tcp, name: 'ssh 2', local_port: 2222 }), 200)
  assert.equal([renamed.name, renamed.local_port, renamed.public_endpoint, renamed.version], ['ssh 2', 2222, tcp.public_endpoint, 2])
  const web = expectStatus<Rec>(await me.update('tunnels', tcp.id, { ...renamed, protocol: 'http', local_port: 443 }), 200)
  assert.is(web.public_endpoint, `/t/${tcp.id}/`)
  assert.is(web.version, 3)
})

test('creates a key, renames it and leaves its scopes and expiry as issued', async () => {
  const key = await newKey({ name: 'Agent', scopes: ['devices', 'tunnels'], expires_in_days: 7 })
  const { secret, ...record } = key
  assert.match(secret, /^edk_[a-z0-9]{8}_[\w-]{43}$/)
  assert.is(record.prefix, secret.slice(0, 12))
  assert.equal([record.scopes, record.revoked_at, record.last_used_at, record.version], [['devices', 'tunnels'], null, null, 1])
  assert.is(Date.parse(record.expires_at) - Date.parse(record.created_at), 7 * 24 * 3600_000)
  assert.equal(expectStatus(await me.get('access_keys', key.id), 200), record)

  const renamed = expectStatus<Rec>(await me.update('access_keys', key.id, { ...record, name: 'Agent 2', scopes: ['devices', 'tunnels', 'users'], expires_at: null }), 200)
  assert.equal(renamed, { ...record, name: 'Agent 2', version: 2, updated_at: renamed.updated_at })
})

test('answers 409 with the current record to a stale update, and changes nothing', async () => {
  const device = await newDevice()
  const records: [CollectionName, Rec][] = [
    ['devices', device],
    ['tunnels', await newTunnel(device.id)],
    ['access_keys', (({ secret: _, ...record }) => record)(await newKey())],
  ]
  for (const [name, first] of records) {
    const second = expectStatus<Rec>(await me.update(name, first.id, { ...first, name: `${first.name} (mine)` }), 200, name)
    const stale = await me.update(name, first.id, { ...first, name: `${first.name} (theirs)` })
    assert.is(stale.status, 409, name)
    assert.equal(stale.body, { message: 'Someone else changed this record since you opened it', current: second }, name)
    assert.equal(expectStatus(await me.get(name, first.id), 200), second, `${name} unchanged`)
    const future = await me.update(name, first.id, { ...second, version: second.version + 5 })
    assert.equal([future.status, future.body.current], [409, second], `${name} with a version from the future`)
  }
})

test('deletes a tunnel, then a device together with its tunnels', async () => {
  const device = await newDevice()
  const [first, second] = [await newTunnel(device.id), await newTunnel(device.id, { protocol: 'http', local_port: 8125 })]
  assert.equal(expectStatus(await me.remove('tunnels', first!.id), 200), first)
  assert.is((await me.get('tunnels', first!.id)).status, 404)
  assert.is((await me.remove('tunnels', first!.id)).status, 404, 'a second delete finds nothing')
  assert.is(await rowOf('tunnels', first!.id), undefined)

  assert.equal(expectStatus(await me.remove('devices', device.id), 200), device)
  assert.is((await me.get('devices', device.id)).status, 404)
  assert.is((await me.get('tunnels', second!.id)).status, 404)
  assert.equal(await tunnelsOf(server, device.id), [])
})

test('revokes a key on delete: it stays listed, marked with revoked_at', async () => {
  const { secret: _, ...key } = await newKey({ name: 'To revoke' })
  server.advance(1000)
  const revoked = expectStatus<Rec>(await me.remove('access_keys', key.id), 200)
  assert.ok(revoked.revoked_at && revoked.revoked_at > key.created_at, 'revoked_at is set')
  assert.equal(revoked, { ...key, revoked_at: revoked.revoked_at, updated_at: revoked.updated_at, version: 2 })
  assert.equal(expectStatus(await me.get('access_keys', key.id), 200), revoked)
  const listed = expectStatus<Rec[]>(await me.list('access_keys', { q: 'To revoke' }), 200)
  assert.equal(listed, [revoked])
  assert.is((await rowOf('access_keys', key.id))?.revoked_at, revoked.revoked_at)
})

test('answers 400 with errors per field to bad bodies', async () => {
  const device = await newDevice()
  const tunnel = await newTunnel(device.id)
  const cases: [string, CollectionName, Rec, Rec][] = [
    ['a device without fields', 'devices', {}, { name: 'Required', serial: 'Required', model: 'Required', location: 'Required', tags: 'Required' }],
    ['a blank device name', 'devices', createDevice({ name: '   ' }), { name: 'Required' }],
    ['a bad serial', 'devices', createDevice({ serial: 'bad serial!' }), { serial: 'Letters, digits, dots, dashes and underscores only' }],
    ['a serial of 65 characters', 'devices', createDevice({ serial: 'S'.repeat(65) }), { serial: 'Too long' }],
    ['17 tags', 'devices', createDevice({ tags: Array.from({ length: 17 }, (_, i) => `tag${i}`) }), { tags: 'Invalid value' }],
    ['a bad tag', 'devices', createDevice({ tags: ['ok', '<b>'] }), { 'tags.1': 'Letters, digits, spaces, dots and dashes only' }],
    ['a tunnel without fields', 'tunnels', {}, { name: 'Required', device_id: 'Required', protocol: 'Required', local_port: 'Required', enabled: 'Required' }],
    ['tunnel port 0', 'tunnels', createTunnel(device.id, { local_port: 0 }), { local_port: 'Out of range' }],
    ['tunnel port 70000', 'tunnels', createTunnel(device.id, { local_port: 70000 }), { local_port: 'Out of range' }],
    ['tunnel port 22.5', 'tunnels', createTunnel(device.id, { local_port: 22.5 }), { local_port: 'Invalid value' }],
    ['protocol ftp', 'tunnels', createTunnel(device.id, { protocol: 'ftp' }), { protocol: 'Invalid value' }],
    ['an unknown device', 'tunnels', createTunnel('no-such-device'), { device_id: 'Choose a device of this organization' }],
    ['a key without scopes', 'access_keys', createKey({ scopes: [] }), { scopes: 'Invalid value' }],
    ['a key with an unknown scope', 'access_keys', createKey({ scopes: ['devices', 'root'] }), { 'scopes.1': 'Invalid value' }],
    ['a key of 12 days', 'access_keys', createKey({ expires_in_days: 12 }), { expires_in_days: 'Invalid value' }],
  ]
  for (const [what, name, body, errors] of cases) {
    const answer = await me.create(name, body)
    assert.is(answer.status, 400, what)
    assert.equal(answer.body, { message: 'Some fields are not valid', errors }, what)
  }
  const updates: [string, CollectionName, Rec, Rec][] = [
    ['an update without version', 'devices', { ...device, version: undefined }, { version: 'Required' }],
    ['an update with a text version', 'tunnels', { ...tunnel, version: '1' }, { version: 'Required' }],
    ['an update with a bad serial', 'devices', { ...device, serial: 'a b' }, { serial: 'Letters, digits, dots, dashes and underscores only' }],
    ['an update with port 70000', 'tunnels', { ...tunnel, local_port: 70000 }, { local_port: 'Out of range' }],
  ]
  for (const [what, name, body, errors] of updates) {
    const answer = await me.update(name, body.id, body)
    assert.equal([answer.status, answer.body], [400, { message: 'Some fields are not valid', errors }], what)
  }
  assert.equal(expectStatus(await me.get('devices', device.id), 200), device, 'the device is unchanged')
  assert.equal(expectStatus(await me.get('tunnels', tunnel.id), 200), tunnel, 'the tunnel is unchanged')
})

test('refuses a second device with a serial in one organization, not in another', async () => {
  const device = await newDevice(me, { serial: 'DUP-0001' })
  for (const serial of ['DUP-0001', '  DUP-0001 ']) {
    const again = await me.create('devices', createDevice({ serial }))
    assert.equal([again.status, again.body], [409, { message: 'A device with this serial already exists in this organization' }], serial)
  }
  const other = await newDevice(me, { serial: 'DUP-0002' })
  const clash = await me.update('devices', other.id, { ...other, serial: 'DUP-0001' })
  assert.equal([clash.status, clash.body.message], [409, 'A device with this serial already exists in this organization'])
  assert.equal(expectStatus(await me.get('devices', other.id), 200), other)

  const elsewhere = await register(server, 'Elsewhere')
  const theirs = await newDevice(elsewhere, { serial: 'DUP-0001' })
  assert.is(theirs.serial, device.serial)
})

test('answers 403 to every verb of a collection whose right the caller lacks', async () => {
  const narrow = await register(server, 'Narrow')
  const device = expectStatus<Rec>(await narrow.create('devices', createDevice()), 201)
  const tunnel = expectStatus<Rec>(await narrow.create('tunnels', createTunnel(device.id)), 201)
  const key = expectStatus<Rec>(await narrow.create('access_keys', createKey()), 201)
  const before = await recordsTogether(server, { devices: device.id, tunnels: tunnel.id, access_keys: key.id })
  assert.is(before.length, 1)

  await limitRights(server, narrow.email, ['tunnels', 'users'])
  const records: [CollectionName, Rec, Rec, string][] = [
    ['devices', device, createDevice(), 'Edge & Devices'],
    ['access_keys', key, createKey(), 'Access Keys'],
  ]
  for (const [name, record, body, rightName] of records) {
    const answers = [
      await narrow.list(name),
      await narrow.get(name, record.id),
      await narrow.create(name, body),
      await narrow.update(name, record.id, { ...record, name: 'changed' }),
      await narrow.remove(name, record.id),
    ]
    assert.equal(
      answers.map((answer) => [answer.status, answer.body]),
      answers.map(() => [403, { message: `This needs the ${rightName} right`, rights: [name] }]),
      name,
    )
  }
  expectStatus(await narrow.get('tunnels', tunnel.id), 200, 'the right held still opens its collection')
  await limitRights(server, narrow.email, [])
  assert.is((await narrow.list('tunnels')).status, 403)
  assert.equal(await recordsTogether(server, { devices: device.id, tunnels: tunnel.id, access_keys: key.id }), before)
})

test('answers 401 to every verb without a valid token', async () => {
  const device = await newDevice()
  const signedOut = await register(server, 'Signed out')
  expectStatus(await call(server, 'POST', '/logout', signedOut.token, {}), 200)
  const tokens = [undefined, 'not-a-token', 'edk_abcdefgh_' + 'A'.repeat(43), signedOut.token]
  for (const token of tokens) {
    for (const name of ['devices', 'tunnels', 'access_keys'] as const) {
      const answers = [
        await call(server, 'GET', `/${name}/`, token),
        await call(server, 'GET', `/${name}`, token),
        await call(server, 'GET', `/${name}/${device.id}`, token),
        await call(server, 'POST', `/${name}/`, token, createDevice()),
        await call(server, 'PUT', `/${name}/${device.id}`, token, { ...device, name: 'changed' }),
        await call(server, 'DELETE', `/${name}/${device.id}`, token),
      ]
      assert.equal(
        answers.map((answer) => answer.status),
        answers.map(() => 401),
        `${name} with ${token ?? 'no token'}`,
      )
      // A signed-out session is one the server still knows: the answer says it was ended.
      assert.equal(answers[0]!.body, token === signedOut.token ? { message: 'Your session was ended', reason: 'session_ended' } : { message: 'Sign in to continue' })
    }
  }
  assert.equal(expectStatus(await me.get('devices', device.id), 200), device)
})

test.run()
