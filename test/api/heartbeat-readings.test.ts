import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { heartbeatsOf, heartbeatTraffic, rollupTraffic } from '../fixtures'
import type { DeviceSample } from '../../src/contract/devices'
import type { NetworkMetrics, TrafficMetrics } from '../../src/contract/metrics'
import { RELATIVE_ERROR } from '../../src/server/metrics/histogram'
import { confirmAsked } from './_alerts-mail'
import { call, client, createDevice, createKey, expectStatus, register, startServer, type Client, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const MIN = 60_000

let server: TestServer
let offset = 0

test.before(async () => {
  // Nothing goes offline while the clock is moved on; the alert sweep runs when a test asks.
  server = await startServer({ offlineAfterS: 30 * 24 * 3600, alertsEveryMs: 3_600_000 })
})
test.after(() => server.close())

const now = () => Date.now() + offset
const advance = (ms: number) => {
  offset += ms
  server.advance(ms)
}
/** Moves the clock to 10 s into the next minute, so the beats of a test share one minute. */
const startOfMinute = () => advance(MIN - (now() % MIN) + 10_000)

/** A fresh organization with `count` devices and a key that sends their heartbeats. */
async function fleet(count: number, name = 'Readings'): Promise<{ user: Tenant; devices: Rec[]; key: Client }> {
  const user = await register(server, name)
  const devices: Rec[] = []
  for (let i = 0; i < count; i++) devices.push(expectStatus<Rec>(await user.create('devices', createDevice({ name: `${name} ${i}` })), 201))
  const issued = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  return { user, devices, key: client(server, issued.secret) }
}

const network = async (user: Tenant) => expectStatus<NetworkMetrics>(await call(server, 'GET', '/metrics/network?range=1h', user.token), 200)
const traffic = async (user: Tenant) => expectStatus<TrafficMetrics>(await call(server, 'GET', '/metrics/traffic?range=1h', user.token), 200)
const history = (user: Tenant, id: string) => call(server, 'GET', `/devices/${id}/history?range=1h`, user.token)

/** The index of the minute that began at `at` (ms) in a 1 h answer. */
const stepOf = (answer: { times: number[] }, at: number) => answer.times.indexOf(Math.floor(at / MIN) * 60)

test('takes {} and {ip, firmware} as heartbeats: the device goes online and keeps what a beat left out', async () => {
  const { user, devices, key } = await fleet(1)
  const device = devices[0]!
  const empty = expectStatus<Rec>(await key.heartbeat(device.id, {}), 200)
  assert.is(empty.status, 'online')
  let seen = expectStatus<Rec>(await user.get('devices', device.id), 200)
  assert.equal([seen.status, seen.ip, seen.firmware, seen.os, seen.last_seen], ['online', '', '', '', empty.last_seen])
  assert.equal(await heartbeatsOf(server, device.id), [
    { device_id: device.id, organization_id: user.organizationId, at: empty.last_seen, latency_ms: null, bytes_in: null, bytes_out: null, cpu: null, memory: null, status: 'online' },
  ])

  advance(1000)
  expectStatus(await key.heartbeat(device.id, { ip: '198.51.100.20', firmware: '5.15.84-v7l+' }), 200)
  advance(1000)
  expectStatus(await key.heartbeat(device.id, { os: 'Debian GNU/Linux 12 (bookworm)', metrics: { cpu: 12.5 } }), 200)
  seen = expectStatus<Rec>(await user.get('devices', device.id), 200)
  assert.equal([seen.ip, seen.firmware, seen.os], ['198.51.100.20', '5.15.84-v7l+', 'Debian GNU/Linux 12 (bookworm)'], 'the OS came, the address and firmware stayed')
  advance(1000)
  const last = expectStatus<Rec>(await key.heartbeat(device.id, { status: 'error' }), 200)
  seen = expectStatus<Rec>(await user.get('devices', device.id), 200)
  assert.equal([seen.status, seen.ip, seen.firmware, seen.os, seen.last_seen], ['error', '198.51.100.20', '5.15.84-v7l+', 'Debian GNU/Linux 12 (bookworm)', last.last_seen])
  const kept = await heartbeatsOf(server, device.id)
  assert.equal(
    kept.map((row) => [row.cpu, row.memory, row.latency_ms]),
    [
      [null, null, null],
      [null, null, null],
      [12.5, null, null],
      [null, null, null],
    ],
  )
})

test('refuses bad readings with their fields named, changing nothing', async () => {
  const { user, devices, key } = await fleet(1)
  const device = devices[0]!
  const bad: [Rec, string[]][] = [
    [{ ip: 'not-an-ip' }, ['ip']],
    [{ os: '' }, ['os']],
    [{ os: 'x'.repeat(81) }, ['os']],
    [{ os: 12 }, ['os']],
    [{ firmware: '' }, ['firmware']],
    [{ metrics: { cpu: 101 } }, ['metrics.cpu']],
    [{ metrics: { latency_ms: -1, memory: 'full' } }, ['metrics.latency_ms', 'metrics.memory']],
    [{ metrics: { bytes_in: 1.5 } }, ['metrics.bytes_in']],
    [{ metrics: null }, ['metrics']],
    [{ metrics: { latency_ms: null } }, ['metrics.latency_ms']],
    [{ colour: 'red' }, ['colour']],
  ]
  for (const [body, fields] of bad) {
    const answer = await key.heartbeat(device.id, body)
    assert.is(answer.status, 400, JSON.stringify(body))
    assert.equal(Object.keys((answer.body as Rec).errors).sort(), fields, JSON.stringify(body))
  }
  assert.equal(expectStatus(await user.get('devices', device.id), 200), device)
  assert.equal(await heartbeatsOf(server, device.id), [])
})

test('a minute without readings is null on the dashboards, not 0; with some, the figures of those that carried them', async () => {
  const { user, devices, key } = await fleet(3)
  const [a, b, c] = devices as [Rec, Rec, Rec]
  startOfMinute()
  const quiet = now()
  // A minute in which the devices beat but none carries a reading.
  expectStatus(await key.heartbeat(a.id, {}), 200)
  expectStatus(await key.heartbeat(b.id, { ip: '192.0.2.1', firmware: '1.0.0' }), 200)
  advance(MIN)
  const mixed = now()
  // A minute in which one carries latency and bytes in, one only bytes out (0 of them), one nothing.
  expectStatus(await key.heartbeat(a.id, {}), 200)
  expectStatus(await key.heartbeat(b.id, { metrics: { latency_ms: 40, bytes_in: 300 } }), 200)
  expectStatus(await key.heartbeat(c.id, { metrics: { bytes_out: 0, cpu: 50 } }), 200)
  advance(2 * MIN)

  const net = await network(user)
  const tra = await traffic(user)
  const [q, m] = [stepOf(net, quiet), stepOf(net, mixed)]
  assert.ok(q >= 0 && m === q + 1, `${q} ${m}`)
  assert.equal([net.online[q], net.latency_p50[q], net.latency_p95[q]], [2, null, null], 'online counted, no latency')
  assert.equal([tra.bytes_in[q], tra.bytes_out[q]], [null, null], 'no bytes: a gap, not zero')
  assert.is(net.online[m], 3)
  // The beats without a latency count for none: the only one carried is every quantile.
  for (const p of [net.latency_p50[m]!, net.latency_p95[m]!]) assert.ok(Math.abs(p - 40) <= 40 * RELATIVE_ERROR, `${p}`)
  assert.equal([tra.bytes_in[m], tra.bytes_out[m]], [300, 0], 'bytes in of the one that sent them; a sent 0 is 0')
  assert.equal(
    tra.top.map((row) => [row.device_id, row.bytes_in, row.bytes_out]),
    [[b.id, 300, 0]],
  )
  // The rollups hold exactly what the heartbeats carried.
  for (const step of [60, 300, 3600]) assert.equal(await rollupTraffic(server, step, user.organizationId), await heartbeatTraffic(server, user.organizationId), `grain ${step}`)
})

test('the device history averages latency over the beats that carried one, and is null where none did', async () => {
  const { user, devices, key } = await fleet(1, 'History')
  const device = devices[0]!
  startOfMinute()
  const first = now()
  expectStatus(await key.heartbeat(device.id, { metrics: { latency_ms: 10, bytes_in: 5 } }), 200)
  expectStatus(await key.heartbeat(device.id, {}), 200)
  expectStatus(await key.heartbeat(device.id, { metrics: { latency_ms: 30 } }), 200)
  advance(MIN)
  expectStatus(await key.heartbeat(device.id, { firmware: '1.2.3' }), 200)
  const points = expectStatus<DeviceSample[]>(await history(user, device.id), 200)
  const at = (ms: number) => new Date(Math.floor(ms / MIN) * MIN).toISOString()
  assert.equal(points, [
    { at: at(first), latency_ms: 20, bytes_in: 5, bytes_out: null },
    { at: at(first + MIN), latency_ms: null, bytes_in: null, bytes_out: null },
  ])
})

test('a metric rule never fires on a beat without its reading, nor ends on one', async () => {
  const { user, devices, key } = await fleet(1, 'Hot')
  const device = devices[0]!
  const rule = { name: 'CPU hot', target: 'all', condition: 'metric', metric: 'cpu', threshold: 80, duration_s: 0, emails: [user.email] }
  expectStatus(await call(server, 'POST', '/alert_rules/', user.token, rule), 201)
  await confirmAsked(server, rule.emails)
  const sweep = async () => {
    await server.alerts.idle()
    await server.alerts.evaluate()
  }
  const open = async () => expectStatus<Rec[]>(await call(server, 'GET', '/alerts?state=firing', user.token), 200).map((alert) => alert.subject_id)
  expectStatus(await key.heartbeat(device.id, {}), 200)
  expectStatus(await key.heartbeat(device.id, { metrics: { memory: 99, latency_ms: 5000 } }), 200)
  await sweep()
  assert.equal(await open(), [], 'no CPU reading, no alert')
  advance(1000)
  expectStatus(await key.heartbeat(device.id, { metrics: { cpu: 95 } }), 200)
  await sweep()
  assert.equal(await open(), [device.id])
  advance(1000)
  expectStatus(await key.heartbeat(device.id, {}), 200)
  await sweep()
  assert.equal(await open(), [device.id], 'a beat without the reading leaves it as it was')
  advance(1000)
  expectStatus(await key.heartbeat(device.id, { metrics: { cpu: 10 } }), 200)
  await sweep()
  assert.equal(await open(), [])
})

test('billing counts the bytes a beat carried, and none for those it left out', async () => {
  const { user, devices, key } = await fleet(2, 'Billed')
  const before = expectStatus<Rec>(await call(server, 'GET', '/billing/', user.token), 200).usage.traffic_bytes
  expectStatus(await key.heartbeat(devices[0]!.id, { metrics: { bytes_in: 700 } }), 200)
  expectStatus(await key.heartbeat(devices[1]!.id, { metrics: { bytes_out: 40 } }), 200)
  expectStatus(await key.heartbeat(devices[1]!.id, {}), 200)
  const after = expectStatus<Rec>(await call(server, 'GET', '/billing/', user.token), 200).usage.traffic_bytes
  assert.is(after - before, 740)
})

test.run()
