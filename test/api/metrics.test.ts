import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deviceHourCount, deviceHoursTraffic, deviceHoursTrafficByDevice, devicesByStatus, heartbeatTraffic, heartbeatTrafficByDevice, insertHeartbeats as insertPastHeartbeats, onlineDevices, rollupAt, rollupCount, rollupTraffic } from '../fixtures'
import type { NetworkMetrics, TrafficMetrics } from '../../src/contract/metrics'
import { RELATIVE_ERROR } from '../../src/server/metrics/histogram'
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

const MIN = 60_000
const HOUR = 3_600_000
const DAY = 24 * HOUR

let server: TestServer
let offset = 0

test.before(async () => {
  // Nothing goes offline while the clock is moved on.
  server = await startServer({ offlineAfterS: 30 * 24 * 3600 })
})
test.after(() => server.close())

const now = () => Date.now() + offset
const advance = (ms: number) => {
  offset += ms
  server.advance(ms)
}
/** Moves the clock on to `target`; never back, as the fold's watermark only moves forward. */
const advanceTo = (target: number) => {
  if (target < now()) throw new Error(`the clock would go back by ${now() - target} ms`)
  advance(target - now())
}

const network = (caller: { token: string }, range?: string) => call(server, 'GET', `/metrics/network${range === undefined ? '' : `?range=${range}`}`, caller.token)
const traffic = (caller: { token: string }, range?: string) => call(server, 'GET', `/metrics/traffic${range === undefined ? '' : `?range=${range}`}`, caller.token)

/** A fresh organization with `count` devices and a key that sends their heartbeats. */
async function fleet(count: number, name = 'Metrics'): Promise<{ user: Tenant; devices: Rec[]; key: Client }> {
  const user = await register(server, name)
  const devices: Rec[] = []
  for (let i = 0; i < count; i++) devices.push(expectStatus<Rec>(await user.create('devices', createDevice({ name: `${name} ${i}` })), 201))
  const issued = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  return { user, devices, key: client(server, issued.secret) }
}

const beat = (latency_ms: number, bytes_in: number, bytes_out: number, status: 'online' | 'error' = 'online') =>
  createHeartbeat({ status, metrics: { latency_ms, bytes_in, bytes_out, cpu: 10, memory: 20 } })

type Totals = { samples: number; bytes_in: number; bytes_out: number }
const rawTotals = (organizationId: string): Promise<Totals> => heartbeatTraffic(server, organizationId)
const rollupTotals = (organizationId: string, step: number): Promise<Totals> => rollupTraffic(server, step, organizationId)
const rollup = (organizationId: string, step: number, at: number) => rollupAt(server, organizationId, step, at)
const indexOf = (answer: { times: number[] }, at: number) => answer.times.indexOf(at / 1000)

/** Inserts heartbeats straight into the database, as a bulk import would. */
async function insertHeartbeats(rows: { device_id: string; organization_id: string; at: number; latency_ms: number; bytes_in?: number; bytes_out?: number }[]) {
  await insertPastHeartbeats(
    server,
    rows.map((row) => ({ deviceId: row.device_id, organizationId: row.organization_id, at: row.at, latencyMs: row.latency_ms, bytesIn: row.bytes_in, bytesOut: row.bytes_out })),
  )
}

test('the seeded day of heartbeats is folded: the rollups hold the raw totals', async () => {
  const owner = await admin(server)
  expectStatus(await network(owner, '7d'), 200)
  const raw = await rawTotals(owner.organizationId)
  assert.ok(raw.samples > 5000, `${raw.samples} seeded samples`)
  for (const step of [60, 300, 3600]) assert.equal(await rollupTotals(owner.organizationId, step), raw, `grain ${step}`)
  const answer = expectStatus<TrafficMetrics>(await traffic(owner, '7d'), 200)
  assert.is(answer.bytes_in.reduce<number>((a, b) => a + (b ?? 0), 0), raw.bytes_in)
  assert.is(answer.bytes_out.reduce<number>((a, b) => a + (b ?? 0), 0), raw.bytes_out)
  assert.is(answer.top.length, 10)
})

test('rollups equal the raw samples across minute and hour boundaries, folded in parts', async () => {
  const { user, devices, key } = await fleet(3)
  const [a, b, c] = devices.map((device) => device.id as string)
  // An hour at least five minutes ahead: hh:57:30 is still to come whatever the time of day.
  const hour = (Math.floor((now() + 5 * MIN) / HOUR) + 1) * HOUR
  advanceTo(hour - 150_000) // hh:57:30
  expectStatus(await key.heartbeat(a!, beat(10, 100, 10)), 200)
  expectStatus(await key.heartbeat(b!, beat(20, 200, 20)), 200)
  advance(15_000) // hh:57:45
  expectStatus(await key.heartbeat(a!, beat(30, 300, 30)), 200)
  expectStatus(await key.heartbeat(c!, beat(40, 400, 40, 'error')), 200)
  advance(25_000) // hh:58:10: the fold takes hh:57, in the middle of its five minutes and its hour
  expectStatus(await key.heartbeat(a!, beat(50, 500, 50)), 200)
  expectStatus(await network(user, '1h'), 200)
  assert.is((await rollup(user.organizationId, 300, hour - 5 * MIN))?.online, 2, 'a and b so far')
  advance(40_000) // hh:58:50
  expectStatus(await key.heartbeat(a!, beat(60, 600, 60)), 200)
  expectStatus(await key.heartbeat(b!, beat(70, 700, 70)), 200)
  advance(80_000) // 00:00:10
  expectStatus(await key.heartbeat(a!, beat(80, 800, 80)), 200)
  expectStatus(await key.heartbeat(c!, beat(90, 900, 90)), 200)
  advance(60_000) // 00:01:10
  expectStatus(await key.heartbeat(b!, beat(100, 1000, 100)), 200)
  advance(60_000) // 00:02:10: every minute with a heartbeat is complete

  const net = expectStatus<NetworkMetrics>(await network(user, '1h'), 200)
  const raw = await rawTotals(user.organizationId)
  assert.equal(raw, { samples: 10, bytes_in: 5500, bytes_out: 550 })
  for (const step of [60, 300, 3600]) assert.equal(await rollupTotals(user.organizationId, step), raw, `grain ${step}`)
  const deviceTotals = await deviceHoursTrafficByDevice(server, user.organizationId)
  const rawDevices = await heartbeatTrafficByDevice(server, user.organizationId)
  assert.equal(deviceTotals, rawDevices, 'per device')

  // Distinct devices online: twice in a minute counts once, an error is not online, and a device
  // seen before and after a fold counts once in its five minutes and its hour.
  const online = (at: number) => net.online[indexOf(net, at)]
  assert.equal([online(hour - 3 * MIN), online(hour - 2 * MIN), online(hour), online(hour + MIN)], [2, 2, 2, 1])
  assert.is(net.times.at(-1), (hour + MIN) / 1000, 'the last point is the last complete minute')
  assert.is((await rollup(user.organizationId, 300, hour - 5 * MIN))?.online, 2)
  assert.is((await rollup(user.organizationId, 3600, hour - HOUR))?.online, 2)
  assert.is((await rollup(user.organizationId, 3600, hour))?.online, 3)
  const day = expectStatus<NetworkMetrics>(await network(user, '24h'), 200)
  assert.is(day.online[indexOf(day, hour - 5 * MIN)], 2)
  const week = expectStatus<NetworkMetrics>(await network(user, '7d'), 200)
  assert.equal([week.online[indexOf(week, hour - HOUR)], week.online[indexOf(week, hour)]], [2, 3])

  for (const range of ['1h', '24h', '7d']) {
    const answer = expectStatus<TrafficMetrics>(await traffic(user, range), 200)
    assert.is(answer.bytes_in.reduce<number>((x, y) => x + (y ?? 0), 0), 5500, range)
    assert.is(answer.bytes_out.reduce<number>((x, y) => x + (y ?? 0), 0), 550, range)
    assert.equal(
      answer.top.map((row) => [row.device_id, row.bytes_in, row.bytes_out]),
      [
        [a, 2300, 230],
        [b, 1900, 190],
        [c, 1300, 130],
      ],
      range,
    )
    assert.equal(answer.top[0]!.name, devices[0]!.name)
  }
  const traffic1h = expectStatus<TrafficMetrics>(await traffic(user, '1h'), 200)
  assert.is(traffic1h.bytes_in[indexOf(traffic1h, hour - 3 * MIN)], 1000, 'hh:57: 100 + 200 + 300 + 400')
  assert.is(net.latency_p50[indexOf(net, hour - 10 * MIN)], null, 'no heartbeat, no latency')
  assert.is(traffic1h.bytes_in[indexOf(traffic1h, hour - 10 * MIN)], null, 'no heartbeat, no bytes: a gap, not zero')
})

test('each range answers exactly its number of points, one per step, whatever the fleet', async () => {
  const owner = await admin(server)
  const small = await fleet(1, 'Small')
  const expected = { '1h': [60, 60], '24h': [288, 300], '7d': [168, 3600] } as const
  for (const caller of [owner, small.user]) {
    for (const [range, [points, step]] of Object.entries(expected)) {
      const net = expectStatus<NetworkMetrics>(await network(caller, range), 200)
      const tra = expectStatus<TrafficMetrics>(await traffic(caller, range), 200)
      for (const answer of [net, tra]) {
        assert.is(answer.range, range)
        assert.is(answer.step_seconds, step)
        assert.is(answer.times.length, points, `${range} times`)
        assert.ok(answer.times.every((time, i) => i === 0 || time - answer.times[i - 1]! === step), `${range} consecutive steps`)
        assert.ok(answer.times.every((time) => time % step === 0), `${range} aligned`)
        assert.ok(Math.abs(Date.parse(answer.generated_at) - now()) < 60_000, 'generated now')
      }
      for (const series of [net.online, net.latency_p50, net.latency_p95, tra.bytes_in, tra.bytes_out]) assert.is(series.length, points, range)
    }
  }
  const seeded = expectStatus<NetworkMetrics>(await network(owner, '24h'), 200)
  assert.equal(seeded.status, { online: 0, offline: 0, provisioning: 0, error: 0, pending: 0, ...(await devicesByStatus(server, owner.organizationId)) })
  assert.equal(expectStatus<NetworkMetrics>(await network(owner), 200).range, '24h', 'no range is 24 h')
})

test('latency p50 and p95 are within the stated bound of a known distribution', async () => {
  const { user, devices } = await fleet(2, 'Latency')
  const minute = (Math.floor(now() / HOUR) + 1) * HOUR + 7 * MIN
  const latencies = Array.from({ length: 400 }, (_, i) => Math.round(3 * 1.017 ** i * 10) / 10)
  await insertHeartbeats(
    latencies.map((latency_ms, i) => ({ device_id: devices[i % 2]!.id, organization_id: user.organizationId, at: minute + (i % 60) * 1000, latency_ms })),
  )
  advanceTo(minute + 2 * MIN)
  const sorted = [...latencies].sort((x, y) => x - y)
  const exact = (q: number) => sorted[Math.ceil(q * sorted.length) - 1]!
  for (const [range, step] of [
    ['1h', MIN],
    ['24h', 5 * MIN],
    ['7d', HOUR],
  ] as const) {
    const answer = expectStatus<NetworkMetrics>(await network(user, range), 200)
    const i = indexOf(answer, Math.floor(minute / step) * step)
    for (const [q, estimate] of [
      [0.5, answer.latency_p50[i]],
      [0.95, answer.latency_p95[i]],
    ] as const) {
      assert.ok(estimate !== null && estimate !== undefined, `${range} p${q * 100}`)
      const error = Math.abs(estimate / exact(q) - 1)
      assert.ok(error <= RELATIVE_ERROR + 0.001, `${range} p${q * 100}: ${estimate} for ${exact(q)}, ${(error * 100).toFixed(1)} % off`)
    }
    assert.is(answer.online[i], 2, range)
  }
})

test("an organization's answers never hold another's heartbeats; a key sees its own organization", async () => {
  const a = await fleet(1, 'Tenant A')
  const b = await fleet(2, 'Tenant B')
  const start = (Math.floor(now() / MIN) + 1) * MIN + 10_000
  advanceTo(start)
  expectStatus(await a.key.heartbeat(a.devices[0]!.id, beat(5, 11, 1)), 200)
  for (const device of b.devices) expectStatus(await b.key.heartbeat(device.id, beat(500, 9_000_000, 9_000_000)), 200)
  advance(MIN)
  const reader = expectStatus<Rec>(await a.user.create('access_keys', createKey({ scopes: ['network', 'traffic'] })), 201)
  const aKey = client(server, reader.secret)
  for (const caller of [a.user, aKey]) {
    for (const range of ['1h', '24h', '7d']) {
      const tra = expectStatus<TrafficMetrics>(await traffic(caller, range), 200)
      assert.is(tra.bytes_in.reduce<number>((x, y) => x + (y ?? 0), 0), 11, range)
      assert.equal(tra.top.map((row) => row.device_id), [a.devices[0]!.id])
      const net = expectStatus<NetworkMetrics>(await network(caller, range), 200)
      assert.is(Math.max(...net.online), 1)
      assert.ok(net.latency_p95.some((value) => value !== null) && net.latency_p95.every((value) => value === null || value < 10), `${range}: ${net.latency_p95}`)
      assert.equal(net.status, { online: 1, offline: 0, provisioning: 0, error: 0, pending: 0 })
    }
  }
  const bAnswer = expectStatus<TrafficMetrics>(await traffic(b.user, '1h'), 200)
  assert.is(bAnswer.bytes_in.reduce<number>((x, y) => x + (y ?? 0), 0), 18_000_000)
  assert.ok(!JSON.stringify(bAnswer).includes(a.devices[0]!.id))
})

test('rights: network and traffic each need their own; a devices key is refused', async () => {
  const { user, key } = await fleet(1, 'Rights')
  expectStatus(await network(key, '1h'), 403, 'devices key on network')
  expectStatus(await traffic(key, '1h'), 403, 'devices key on traffic')
  const networkOnly = client(server, expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['network'] })), 201).secret)
  expectStatus(await network(networkOnly, '1h'), 200)
  expectStatus(await traffic(networkOnly, '1h'), 403)
  await limitRights(server, user.email, ['devices', 'traffic'])
  expectStatus(await network(user, '1h'), 403)
  expectStatus(await traffic(user, '1h'), 200)
  await limitRights(server, user.email, ['devices'])
  const refused = await traffic(user, '24h')
  expectStatus(refused, 403)
  assert.type(refused.body.message, 'string')
})

test('a bad range is 400 with a message; no token is 401', async () => {
  const owner = await admin(server)
  for (const range of ['', '1H', '2h', '24', '7d ', '__proto__', 'constructor', '%00', 'x'.repeat(3000)]) {
    for (const get of [network, traffic]) {
      const answer = await get(owner, encodeURIComponent(range))
      expectStatus(answer, 400, `range ${JSON.stringify(range.slice(0, 20))}`)
      assert.type(answer.body.message, 'string')
      assert.type(answer.body.errors?.range, 'string')
    }
  }
  for (const route of ['/metrics/network?range=1h', '/metrics/traffic', '/metrics/traffic?range=bad']) {
    const answer = await call(server, 'GET', route)
    expectStatus(answer, 401, route)
    assert.type(answer.body.message, 'string')
  }
  expectStatus(await call(server, 'GET', '/metrics/network?range=1h', 'edk_notakey0000000000000000000000'), 401)
})

test('a restart folds on from where it stopped: nothing is counted twice or lost', async () => {
  const { startServer: startBare } = await import('../../src/server/server')
  const dataDir = path.join(server.root, 'restart')
  const quiet = { info() {}, error() {} }
  const at = Date.now()
  const start = (later: number) => startBare({ port: 0, hostname: '127.0.0.1', dataDir, scryptCost: 1024, log: quiet, now: () => new Date(at + later) })
  // The first start seeds a day of history and folds it; a sample of the next minute, not yet
  // complete, is written before it stops; closing waits for the fold.
  const first = await start(0)
  const [device] = await onlineDevices(first)
  await insertPastHeartbeats(first, [{ deviceId: device!.id, organizationId: device!.organization_id, at: at + 30_000, latencyMs: 9, bytesIn: 12345, bytesOut: 678 }])
  await first.close()
  // Twice more, a few minutes on: the sample written before the restart is folded once.
  for (const later of [3 * MIN, 4 * MIN]) await (await start(later)).close()
  const check = await start(4 * MIN)
  try {
    const raw = await heartbeatTraffic(check)
    for (const step of [60, 300, 3600]) {
      assert.equal(await rollupTraffic(check, step), raw, `grain ${step}`)
    }
    assert.equal(await deviceHoursTraffic(check), raw, 'device hours')
  } finally {
    await check.close()
  }
})

test('the sweeper prunes minutes after 48 hours and keeps the hours', async () => {
  const { user, devices, key } = await fleet(1, 'Retention')
  expectStatus(await key.heartbeat(devices[0]!.id, beat(5, 77, 7)), 200)
  advance(2 * MIN)
  expectStatus(await network(user, '1h'), 200)
  const count = (step: number) => rollupCount(server, user.organizationId, step)
  assert.equal(await Promise.all([60, 300, 3600].map(count)), [1, 1, 1])
  advance(2 * DAY + HOUR)
  await server.sweep()
  assert.equal(await Promise.all([60, 300, 3600].map(count)), [0, 1, 1])
  advance(7 * DAY)
  await server.sweep()
  assert.equal(await Promise.all([60, 300, 3600].map(count)), [0, 0, 1])
  assert.is(await deviceHourCount(server, user.organizationId), 0)
})

test.run()
