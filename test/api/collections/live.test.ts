import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { currentEverywhere, heartbeatsOf, linkDevice, removeFromOrganization } from '../../fixtures'
import {
  call,
  client,
  createDevice,
  createHeartbeat,
  createKey,
  createTunnel,
  expectStatus,
  joinOrganization,
  limitRights,
  register,
  signIn,
  startServer,
  type Tenant,
  type TestServer,
} from './_api'
import { openEvents, quiet, type EventStream } from './_events'
import { message } from '../../../src/server/messages'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

/** A fresh organization with one device and a key holding `devices` and `access_keys`. */
async function fleet(on: TestServer = server) {
  const user = await register(on, 'Live')
  const device = expectStatus<Rec>(await user.create('devices', createDevice()), 201)
  const issued = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['devices', 'access_keys'] })), 201)
  return { user, device, issued, key: client(on, issued.secret) }
}

/**
 * What a stream carried, as `[event, data]` pairs, after a moment for stragglers; the new audit
 * entries each write announces are left out (test/api/audit-changes.test.ts tests those).
 */
const carried = async (stream: EventStream) => {
  await quiet(100)
  return stream.events.filter((event) => event.event !== 'audit').map((event) => [event.event, event.data])
}

test('sets a device online with its address, firmware and last seen, and keeps the metrics', async () => {
  const { user, device, key } = await fleet()
  const tunnel = expectStatus<Rec>(await user.create('tunnels', createTunnel(device.id)), 201)
  assert.is(tunnel.status, 'down', 'down while the device is provisioning')
  const beat = createHeartbeat({ ip: '198.51.100.7', firmware: '4.0.2', metrics: { latency_ms: 31.5, bytes_in: 2048, bytes_out: 1024, cpu: 55, memory: 61 } })
  const answer = expectStatus<Rec>(await key.heartbeat(device.id, beat), 200)
  assert.equal(Object.keys(answer), ['status', 'last_seen'])
  assert.is(answer.status, 'online')
  const seen = expectStatus<Rec>(await user.get('devices', device.id), 200)
  assert.equal([seen.status, seen.ip, seen.firmware, seen.last_seen, seen.version], ['online', '198.51.100.7', '4.0.2', answer.last_seen, device.version])
  assert.equal(await heartbeatsOf(server, device.id), [
    { device_id: device.id, organization_id: user.organizationId, at: answer.last_seen, latency_ms: 31.5, bytes_in: 2048, bytes_out: 1024, cpu: 55, memory: 61, status: 'online' },
  ])
  assert.is(expectStatus<Rec>(await user.get('tunnels', tunnel.id), 200).status, 'down', 'down until its agent links')
  await linkDevice(server, { id: device.id, organizationId: user.organizationId })
  assert.is(expectStatus<Rec>(await user.get('tunnels', tunnel.id), 200).status, 'up', 'up while enabled and its agent linked')
  expectStatus(await user.update('tunnels', tunnel.id, { ...tunnel, enabled: false }), 200)
  assert.is(expectStatus<Rec>(await user.get('tunnels', tunnel.id), 200).status, 'down', 'down once disabled')

  expectStatus(await key.heartbeat(device.id, createHeartbeat({ status: 'error' })), 200)
  assert.is(expectStatus<Rec>(await user.get('devices', device.id), 200).status, 'error')
})

test('a disabled device goes offline, its heartbeats are refused and its tunnels down until it is enabled again', async () => {
  const { user, device, key } = await fleet()
  const tunnel = expectStatus<Rec>(await user.create('tunnels', createTunnel(device.id)), 201)
  expectStatus(await key.heartbeat(device.id), 200)
  await linkDevice(server, { id: device.id, organizationId: user.organizationId })
  const online = expectStatus<Rec>(await user.get('devices', device.id), 200)
  assert.equal([online.status, online.enabled], ['online', true])
  // An edit that does not name `enabled` keeps it.
  const renamed = expectStatus<Rec>(await user.update('devices', device.id, { ...online, enabled: undefined, name: 'Renamed' }), 200)
  assert.is(renamed.enabled, true)
  const disabled = expectStatus<Rec>(await user.update('devices', device.id, { ...renamed, enabled: false }), 200)
  assert.equal([disabled.status, disabled.enabled, disabled.version], ['offline', false, renamed.version + 1])
  assert.is(expectStatus<Rec>(await user.get('tunnels', tunnel.id), 200).status, 'down')
  const refused = await key.heartbeat(device.id)
  assert.is(refused.status, 403)
  assert.is(refused.body.message, message('deviceDisabled'))
  assert.is(expectStatus<Rec>(await user.get('devices', device.id), 200).status, 'offline')
  assert.is((await heartbeatsOf(server, device.id)).length, 1, 'the refused heartbeat is not kept')
  // The list finds it by the filter, the other way round not.
  const listed = expectStatus<Rec[]>(await call(server, 'GET', '/devices/?filter[enabled]=false', user.token), 200)
  assert.equal(listed.map((each) => each.id), [device.id])
  assert.equal(expectStatus<Rec[]>(await call(server, 'GET', '/devices/?filter[enabled]=true', user.token), 200), [])
  assert.is((await call(server, 'GET', '/devices/?filter[enabled]=maybe', user.token)).status, 400)
  // Enabled again: offline until it beats, then online.
  const enabled = expectStatus<Rec>(await user.update('devices', device.id, { ...disabled, enabled: true }), 200)
  assert.equal([enabled.status, enabled.enabled], ['offline', true])
  expectStatus(await key.heartbeat(device.id), 200)
  assert.is(expectStatus<Rec>(await user.get('devices', device.id), 200).status, 'online')
  assert.is(expectStatus<Rec>(await user.get('tunnels', tunnel.id), 200).status, 'up')
  // A device made disabled never beats; the trail shows the change of `enabled`.
  const born = expectStatus<Rec>(await user.create('devices', createDevice({ enabled: false })), 201)
  assert.is(born.enabled, false)
  assert.is((await key.heartbeat(born.id)).status, 403)
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?record_id=${device.id}&action=update`, user.token), 200)
  assert.ok(trail.some((entry) => (entry.changes ?? []).some((change: Rec) => change.field === 'enabled' && change.before === true && change.after === false)), JSON.stringify(trail))
})

test('another organization cannot disable a device, and a disable at a stale version is a conflict', async () => {
  const { user, device, key } = await fleet()
  const stranger = await register(server, 'Stranger')
  assert.is((await stranger.update('devices', device.id, { ...device, enabled: false })).status, 404)
  expectStatus(await user.update('devices', device.id, { ...device, name: 'Moved on' }), 200)
  assert.is((await user.update('devices', device.id, { ...device, enabled: false })).status, 409)
  expectStatus(await key.heartbeat(device.id), 200)
  assert.is(expectStatus<Rec>(await user.get('devices', device.id), 200).enabled, true)
})

test('refuses a heartbeat with a bad body, changing nothing', async () => {
  const { user, device, key } = await fleet()
  const bad: [Rec, Rec][] = [
    [createHeartbeat({ ip: 'not-an-ip' }), { ip: 'Not an IP address' }],
    [createHeartbeat({ status: 'offline' }), { status: 'Invalid value' }],
    [createHeartbeat({ metrics: { latency_ms: 1, bytes_in: 1, bytes_out: 1, cpu: 101, memory: 1 } }), { 'metrics.cpu': 'Out of range' }],
  ]
  for (const [body, errors] of bad) {
    const answer = await key.heartbeat(device.id, body)
    assert.equal([answer.status, answer.body], [400, { message: 'Some fields are not valid', errors }])
  }
  assert.equal(expectStatus(await user.get('devices', device.id), 200), device)
  assert.equal(await heartbeatsOf(server, device.id), [])
})

test('sets a silent device offline and tells its own organization only', async () => {
  const quick = await startServer({ offlineAfterS: 1 })
  try {
    const { user, device, key } = await fleet(quick)
    const other = await register(quick, 'Other')
    const [mine, theirs] = [await openEvents(quick, user.token), await openEvents(quick, other.token)]
    try {
      const { last_seen } = expectStatus<Rec>(await key.heartbeat(device.id), 200)
      const offline = await mine.waitFor((event) => event.data.status === 'offline', 4000)
      assert.equal(await carried(mine), [
        ['device', { id: device.id, status: 'online', last_seen }],
        ['device', { id: device.id, status: 'offline', last_seen }],
      ])
      assert.ok(offline.id && Number(offline.id) > Number(mine.events[0]!.id), 'each event has an id, growing')
      assert.equal(theirs.events, [])
      assert.is(expectStatus<Rec>(await user.get('devices', device.id), 200).status, 'offline')
    } finally {
      mine.close()
      theirs.close()
    }
  } finally {
    await quick.close()
  }
})

test('sends a change event for each create, update and delete', async () => {
  const { user, device } = await fleet()
  const stream = await openEvents(server, user.token)
  try {
    const updated = expectStatus<Rec>(await user.update('devices', device.id, { ...device, name: 'Renamed' }), 200)
    const tunnel = expectStatus<Rec>(await user.create('tunnels', createTunnel(device.id)), 201)
    const made = expectStatus<Rec>(await user.create('devices', createDevice()), 201)
    expectStatus(await user.remove('devices', made.id), 200)
    await stream.waitFor((event) => event.data.action === 'delete')
    assert.equal(await carried(stream), [
      ['change', { collection: 'devices', id: device.id, action: 'update', version: updated.version }],
      ['change', { collection: 'tunnels', id: tunnel.id, action: 'create', version: 1 }],
      ['change', { collection: 'devices', id: made.id, action: 'create', version: 1 }],
      ['change', { collection: 'devices', id: made.id, action: 'delete', version: 2 }],
    ])
  } finally {
    stream.close()
  }
})

test('replays what was missed after Last-Event-ID', async () => {
  const { user, device, issued } = await fleet()
  const first = await openEvents(server, user.token)
  expectStatus(await user.update('devices', device.id, { ...device, name: 'Seen' }), 200)
  const seen = await first.waitFor((event) => event.event === 'change')
  first.close()
  const missed = expectStatus<Rec>(await user.update('devices', device.id, { ...device, name: 'Missed', version: 2 }), 200)
  const revoked = expectStatus<Rec>(await user.remove('access_keys', issued.id), 200)
  const again = await openEvents(server, user.token, { lastEventId: seen.id })
  try {
    assert.equal(await carried(again), [
      ['change', { collection: 'devices', id: device.id, action: 'update', version: missed.version }],
      ['change', { collection: 'access_keys', id: issued.id, action: 'update', version: revoked.version }],
    ])
    const ids = again.events.map((event) => Number(event.id))
    assert.ok(ids[0]! > Number(seen.id) && ids[1]! > ids[0]!, `ids ${seen.id} then ${ids}`)
  } finally {
    again.close()
  }
})

test("an organization's event ids do not move when another organization writes", async () => {
  const ours = await fleet()
  const theirs = await fleet()
  const stream = await openEvents(server, ours.user.token)
  try {
    const renamed = expectStatus<Rec>(await ours.user.update('devices', ours.device.id, { ...ours.device, name: 'First' }), 200)
    const first = await stream.waitFor((event) => event.event === 'change')
    for (let i = 0; i < 5; i++) expectStatus(await theirs.user.create('devices', createDevice()), 201)
    const again = expectStatus<Rec>(await ours.user.update('devices', ours.device.id, { ...renamed, name: 'Second' }), 200)
    const second = await stream.waitFor((event) => event.event === 'change' && event.data.version === again.version)
    // Between them only our own events (the first write's audit entry): none of theirs took an id.
    const between = stream.events.filter((event) => Number(event.id) > Number(first.id) && Number(event.id) < Number(second.id))
    assert.ok(between.every((event) => event.data.record_id === ours.device.id || event.data.id === ours.device.id), JSON.stringify(between))
    assert.is(Number(second.id), Number(first.id) + 1 + between.length)
  } finally {
    stream.close()
  }
})

test('sends reset for a Last-Event-ID it no longer knows', async () => {
  const { user } = await fleet()
  for (const lastEventId of ['1', String(Date.now() * 1000 * 10)]) {
    const stream = await openEvents(server, user.token, { lastEventId })
    try {
      assert.equal(await carried(stream), [['reset', {}]], lastEventId)
    } finally {
      stream.close()
    }
  }
})

test("ends a session's stream when it signs out, and only that session's", async () => {
  const { user } = await fleet()
  const otherSession = await signIn(server, user.email, 'Tenant-Password-9431')
  const [signingOut, staying] = [await openEvents(server, user.token), await openEvents(server, otherSession)]
  try {
    expectStatus(await call(server, 'POST', '/logout', user.token, {}), 200)
    assert.ok(await signingOut.waitForEnd(1000), 'the signed-out stream ended')
    await quiet(100)
    assert.not.ok(staying.isEnded(), "the other session's stream stays")
    await openEvents(server, user.token).then(
      () => assert.unreachable('a signed-out token opened a stream'),
      (error: Error) => assert.match(error.message, /^events answered 401/),
    )
  } finally {
    signingOut.close()
    staying.close()
  }
})

test("ends a key's stream when the key is revoked", async () => {
  const { user, issued } = await fleet()
  const [keyStream, userStream] = [await openEvents(server, issued.secret), await openEvents(server, user.token)]
  try {
    expectStatus(await user.remove('access_keys', issued.id), 200)
    assert.ok(await keyStream.waitForEnd(1000), "the key's stream ended")
    await userStream.waitFor((event) => event.data.id === issued.id)
    assert.not.ok(userStream.isEnded(), "the user's stream stays")
  } finally {
    keyStream.close()
    userStream.close()
  }
})

test('shows device events only to callers holding devices or tunnels, and changes only of collections they hold', async () => {
  const { user, device, issued, key } = await fleet()
  const members: Record<string, Tenant> = {}
  for (const rights of [['access_keys'], ['tunnels']]) {
    const member = await register(server, 'Member')
    await joinOrganization(server, member, user.organizationId, rights)
    members[rights.join()] = member
  }
  const streams = {
    keysOnly: await openEvents(server, members.access_keys!.token),
    tunnelsOnly: await openEvents(server, members.tunnels!.token),
    all: await openEvents(server, user.token),
  }
  try {
    const { last_seen } = expectStatus<Rec>(await key.heartbeat(device.id), 200)
    const updated = expectStatus<Rec>(await user.update('devices', device.id, { ...device, name: 'Watched' }), 200)
    const renamed = expectStatus<Rec>(await user.update('access_keys', issued.id, { ...issued, name: 'Renamed key' }), 200)
    const heard = ['device', { id: device.id, status: 'online', last_seen }]
    const deviceChange = ['change', { collection: 'devices', id: device.id, action: 'update', version: updated.version }]
    const keyChange = ['change', { collection: 'access_keys', id: issued.id, action: 'update', version: renamed.version }]
    for (const stream of Object.values(streams)) await stream.waitFor((event) => event.data.id === issued.id || event.data.id === device.id)
    assert.equal(await carried(streams.all), [heard, deviceChange, keyChange])
    assert.equal(await carried(streams.keysOnly), [keyChange])
    assert.equal(await carried(streams.tunnelsOnly), [heard])
  } finally {
    Object.values(streams).forEach((stream) => stream.close())
  }
})

test('sends a tunnels delete event for each tunnel a deleted device takes along', async () => {
  const { user, device } = await fleet()
  const tunnel = expectStatus<Rec>(await user.create('tunnels', createTunnel(device.id)), 201)
  const stream = await openEvents(server, user.token)
  try {
    expectStatus(await user.remove('devices', device.id), 200)
    assert.is((await user.get('tunnels', tunnel.id)).status, 404, 'the tunnel went with its device')
    await stream.waitFor((event) => event.data.action === 'delete')
    const got = await carried(stream)
    assert.ok(
      got.some(([, data]) => data.collection === 'tunnels' && data.id === tunnel.id && data.action === 'delete'),
      `a console showing the tunnel is told it is gone; the stream carried ${JSON.stringify(got)}`,
    )
  } finally {
    stream.close()
  }
})

test('sends reset for a Last-Event-ID that is no number', async () => {
  const { user } = await fleet()
  const stream = await openEvents(server, user.token, { lastEventId: 'abc' })
  try {
    assert.equal(await carried(stream), [['reset', {}]])
  } finally {
    stream.close()
  }
})

/** A member of `user`'s organization with `rights`, its open stream, and a device event it saw. */
async function watchingMember(rights: string[]) {
  const { user, device, issued, key } = await fleet()
  const member = await register(server, 'Watcher')
  await joinOrganization(server, member, user.organizationId, rights)
  const stream = await openEvents(server, member.token)
  expectStatus(await key.heartbeat(device.id), 200)
  await stream.waitFor((event) => event.event === 'device')
  return { user, device, issued, key, member, stream, before: stream.events.length }
}

test('stops device events to an open stream once its caller loses the right', async () => {
  const { user, device, key, member, stream, before } = await watchingMember(['devices'])
  try {
    await limitRights(server, member.email, ['access_keys'])
    assert.is((await member.list('devices')).status, 403, 'the API already refuses')
    expectStatus(await key.heartbeat(device.id, createHeartbeat({ status: 'error' })), 200)
    expectStatus(await user.update('devices', device.id, { ...device, name: 'After the right is gone' }), 200)
    assert.equal((await carried(stream)).slice(before), [], 'nothing of devices after the right is gone')
  } finally {
    stream.close()
  }
})

test("stops an organization's events to an open stream once its caller leaves it", async () => {
  const { user, device, key, member, stream, before } = await watchingMember(['devices'])
  try {
    await removeFromOrganization(server, member.userId, user.organizationId)
    await currentEverywhere(server, member.userId)
    assert.is((await member.get('devices', device.id)).status, 404, 'the API already refuses')
    expectStatus(await key.heartbeat(device.id, createHeartbeat({ status: 'error' })), 200)
    expectStatus(await user.update('devices', device.id, { ...device, name: 'After leaving' }), 200)
    assert.equal((await carried(stream)).slice(before), [], "nothing of the organization after leaving it")
  } finally {
    stream.close()
  }
})

test.run()
