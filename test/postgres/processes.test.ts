import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountCount, rowCount } from '../fixtures'
import { call, client, createDevice, createHeartbeat, createKey, expectStatus, register, startServer, type TestServer } from '../api/collections/_api'
import { openEvents } from '../api/collections/_events'
import { startPair } from './_pair'
import { foldRace, lockoutRace, planLimitRace, versionRace } from '../api/_races'

type Rec = Record<string, any>

// Two server processes' worth of servers (each its own pool, events listener and leases) on one
// PostgreSQL database, as behind a load balancer.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>
let databaseUrl: string

test.before(async () => {
  ;({ a, b, stop, databaseUrl } = await startPair())
})
test.after(() => stop())

test('both started at once on an empty database seed one organization and one administrator', async () => {
  assert.equal([await rowCount(a, 'organizations'), await accountCount(a, 'admin@example.com')], [1, 1])
})

test('a heartbeat sent to A reaches the events stream open on B', async () => {
  const owner = await register(a, 'Shared')
  const device = expectStatus<Rec>(await owner.create('devices', createDevice()), 201)
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  const stream = await openEvents(b, owner.token)
  try {
    expectStatus(await client(a, issued.secret).heartbeat(device.id, createHeartbeat()), 200)
    const event = await stream.waitFor((event) => event.event === 'device' && event.data.id === device.id, 2000)
    assert.is(event.data.status, 'online')
    // A change made on A reaches B too, and B's events resume on A from its Last-Event-ID.
    expectStatus(await owner.update('devices', device.id, { ...device, name: 'Renamed on A' }), 200)
    const change = await stream.waitFor((event) => event.event === 'change' && event.data.id === device.id, 2000)
    stream.close()
    expectStatus(await client(b, owner.token).update('devices', device.id, { ...device, name: 'Renamed on B', version: change.data.version }), 200)
    const resumed = await openEvents(a, owner.token, { lastEventId: change.id })
    try {
      const missed = await resumed.waitFor((event) => event.event === 'change' && event.data.version === change.data.version + 1, 2000)
      assert.ok(Number(missed.id) > Number(change.id))
    } finally {
      resumed.close()
    }
  } finally {
    stream.close()
  }
})

test("a list's total counted on B follows a create on A (no count kept past another process's change)", async () => {
  const owner = await register(a, 'Counting')
  const onB = client(b, owner.token)
  const total = async () => Number((await onB.list('devices')).headers.get('X-Total-Count'))
  assert.is(await total(), 0)
  expectStatus(await owner.create('devices', createDevice()), 201)
  assert.is(await total(), 1)
  expectStatus(await owner.create('devices', createDevice()), 201)
  assert.is(await total(), 2)
})

test('a sign-out on A ends the stream on B within a second', async () => {
  const owner = await register(a, 'Signing out')
  const stream = await openEvents(b, owner.token)
  expectStatus(await client(a, owner.token).create('devices', createDevice()), 201)
  await stream.waitFor((event) => event.event === 'change', 2000)
  expectStatus(await call(a, 'POST', '/logout', owner.token, {}), 200)
  assert.ok(await stream.waitForEnd(1000), 'the stream on B ended')
})

test('a key revoked on A ends its stream on B within a second', async () => {
  const owner = await register(a, 'Revoking')
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  const stream = await openEvents(b, issued.secret)
  expectStatus(await owner.remove('access_keys', issued.id), 200)
  assert.ok(await stream.waitForEnd(1000), 'the stream on B ended')
})

test("a process stopping ends its own streams only, and the others' events go on", async () => {
  const owner = await register(a, 'Staying')
  const c = await startServer({ databaseUrl })
  const onA = await openEvents(a, owner.token)
  const onC = await openEvents(c, owner.token)
  try {
    await c.close()
    assert.ok(await onC.waitForEnd(2000), "the stopped process's stream ended")
    assert.not.ok(onA.isEnded(), "A's stream goes on")
    expectStatus(await client(b, owner.token).create('devices', createDevice()), 201)
    await onA.waitFor((event) => event.event === 'change', 2000)
  } finally {
    onA.close()
    onC.close()
  }
})

test('20 edits of one version spread over A and B: one is saved, 19 are 409, the version moves by one', () => versionRace([a, b]))
test('two administrators demoting each other on A and B at once never leave nobody managing roles', () => lockoutRace([a, b]))
test('creates spread over A and B at the plan limit never pass it', () => planLimitRace([a, b]))
test('folds run by A and B at once count every sample once', () => foldRace([a, b]))

test.run()
