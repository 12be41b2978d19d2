import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { heartbeatCountOf, insertHeartbeats } from '../fixtures'
import {
  admin,
  call,
  client,
  createDevice,
  createHeartbeat,
  createKey,
  expectStatus,
  limitRights,
  register,
  startServer,
  type Client,
  type Tenant,
  type TestServer,
} from './collections/_api'

type Rec = Record<string, any>
type Sample = { at: string; latency_ms: number; bytes_in: number; bytes_out: number }

const TEN_MIN = 600_000
const DAY = 86_400_000

let server: TestServer

test.before(async () => {
  // Nothing goes offline while the clock is moved on.
  server = await startServer({ offlineAfterS: 7 * 24 * 3600 })
})
test.after(() => server.close())

const history = (caller: { token: string }, id: string, range?: string) =>
  call(server, 'GET', `/devices/${encodeURIComponent(id)}/history${range ? `?range=${range}` : ''}`, caller.token)

/** A fresh organization with one device and a key that sends its heartbeats. */
async function fleet(): Promise<{ user: Tenant; device: Rec; key: Client }> {
  const user = await register(server, 'History')
  const device = expectStatus<Rec>(await user.create('devices', createDevice()), 201)
  const issued = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  return { user, device, key: client(server, issued.secret) }
}

let offset = 0
const advance = (ms: number) => {
  offset += ms
  server.advance(ms)
}

/** Moves the server's clock to one minute into the next ten-minute bucket; answers that time. */
function toBucketStart(): number {
  const now = Date.now() + offset
  const target = (Math.floor(now / TEN_MIN) + 1) * TEN_MIN + 60_000
  advance(target - now)
  return target
}

const beat = (latency_ms: number, bytes_in: number, bytes_out: number) =>
  createHeartbeat({ metrics: { latency_ms, bytes_in, bytes_out, cpu: 10, memory: 20 } })

test('bounds a busy day to at most 150 points, each a ten-minute bucket', async () => {
  const owner = await admin(server)
  const [seeded] = expectStatus<Rec[]>(await owner.list('devices', { status: 'online', per_page: 5 }), 200)
  // The seeded fleet has a heartbeat every 5 minutes of the day before the server started.
  const raw = await heartbeatCountOf(server, seeded!.id)
  assert.ok(raw > 200, `${raw} raw samples`)
  const points = expectStatus<Sample[]>(await history(owner, seeded!.id), 200)
  assert.ok(points.length > 100 && points.length <= 150, `${points.length} points`)
  const times = points.map((point) => Date.parse(point.at))
  assert.ok(times.every((time) => time % TEN_MIN === 0), 'aligned to ten minutes')
  assert.equal([...times].sort((a, b) => a - b), times, 'oldest first')
  assert.is(new Set(times).size, times.length, 'one point per bucket')
  const week = expectStatus<Sample[]>(await history(owner, seeded!.id, '7d'), 200)
  assert.ok(week.length <= 150, `${week.length} points in a week`)
})

test('averages latency and sums bytes per ten-minute bucket, oldest first', async () => {
  const { user, device, key } = await fleet()
  assert.equal(expectStatus(await history(user, device.id), 200), [], 'no heartbeats, no points')
  const first = toBucketStart()
  for (const [latency, bytesIn, bytesOut] of [
    [10, 1000, 100],
    [20, 2000, 200],
    [31, 3000, 300],
  ] as const) {
    expectStatus(await key.heartbeat(device.id, beat(latency, bytesIn, bytesOut)), 200)
  }
  advance(TEN_MIN)
  expectStatus(await key.heartbeat(device.id, beat(40.25, 5, 6)), 200)
  const bucket = Math.floor(first / TEN_MIN) * TEN_MIN
  assert.equal(expectStatus<Sample[]>(await history(user, device.id, '24h'), 200), [
    { at: new Date(bucket).toISOString(), latency_ms: 20.3, bytes_in: 6000, bytes_out: 600 },
    { at: new Date(bucket + TEN_MIN).toISOString(), latency_ms: 40.3, bytes_in: 5, bytes_out: 6 },
  ])
  assert.equal(expectStatus(await history(user, device.id), 200), expectStatus(await history(user, device.id, '24h'), 200), '24h is the default')
})

test('leaves out heartbeats older than the range', async () => {
  const { user, device } = await fleet()
  const now = Date.now() + offset
  for (const [ago, latency] of [
    // Hours apart, so the week's hourly buckets never fold them into one.
    [DAY + 12 * TEN_MIN, 99],
    [DAY - 2 * TEN_MIN, 12],
  ] as const) {
    await insertHeartbeats(server, [{ deviceId: device.id, organizationId: user.organizationId, at: now - ago, latencyMs: latency }])
  }
  const points = expectStatus<Sample[]>(await history(user, device.id), 200)
  assert.equal(points.map((point) => point.latency_ms), [12])
  assert.equal(expectStatus<Sample[]>(await history(user, device.id, '7d'), 200).map((point) => point.latency_ms), [99, 12], 'a week holds both')
  assert.equal(expectStatus<Sample[]>(await history(user, device.id, '1h'), 200), [], 'the last hour holds neither')
})

test("answers 404 for another organization's device and for an unknown id", async () => {
  const { device, key } = await fleet()
  expectStatus(await key.heartbeat(device.id, beat(5, 5, 5)), 200)
  const stranger = await register(server, 'Stranger')
  for (const id of [device.id, 'no-such-device', 'x'.repeat(100)]) {
    const answer = await history(stranger, id)
    assert.equal([answer.status, answer.body], [404, { message: 'Not found' }], id.slice(0, 20))
  }
})

test('answers 403 without the devices right, 401 without a token, 400 for an unknown range', async () => {
  const { user, device } = await fleet()
  const narrow = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['tunnels'] })), 201)
  assert.is((await history(client(server, narrow.secret), device.id)).status, 403, 'a key without devices')
  assert.is((await call(server, 'GET', `/devices/${device.id}/history`)).status, 401)
  const bad = await history(user, device.id, '1y')
  assert.equal([bad.status, bad.body.errors], [400, { range: 'Invalid value' }])
  await limitRights(server, user.email, ['tunnels'])
  const refused = await history(user, device.id)
  assert.equal([refused.status, refused.body], [403, { message: 'This needs the Edge & Devices right', rights: ['devices'] }])
})

test.run()
