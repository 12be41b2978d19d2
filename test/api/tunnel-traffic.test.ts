import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { insertTunnelTraffic } from '../fixtures'
import { call, createDevice, createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

let server: TestServer
let me: Tenant
let other: Tenant
const tunnels = new Map<Tenant, { id: string; deviceId: string }>()

let offset = 0
/** Moves the server's clock to `iso`, give or take the seconds the test itself takes. */
const setClock = (iso: string) => {
  const by = Date.parse(iso) - (Date.now() + offset)
  server.advance(by)
  offset += by
}
const billing = async (who: Tenant) => expectStatus<Rec>(await call(server, 'GET', '/billing/', who.token), 200)
const traffic = async (who: Tenant, range: string) => expectStatus<Rec>(await call(server, 'GET', `/metrics/traffic?range=${range}`, who.token), 200)
/** Bytes through `who`'s tunnel in the hour holding `at`. */
const carry = (who: Tenant, at: string, bytesIn: number, bytesOut: number) => {
  const { id, deviceId } = tunnels.get(who)!
  return insertTunnelTraffic(server, { organizationId: who.organizationId, tunnelId: id, deviceId, at, bytesIn, bytesOut })
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const GB = 1_000_000_000

test.before(async () => {
  const year = { idleSeconds: 366 * 86_400, maxSeconds: 366 * 86_400 }
  server = await startServer({ seedFleet: false, offlineAfterS: 86_400 * 60, sessions: { remembered: year, short: year } })
  setClock('2031-02-20T12:00:00.000Z')
  ;[me, other] = [await register(server, 'Tunnelled'), await register(server, 'Stranger')]
  for (const who of [me, other]) {
    const device = expectStatus<Rec>(await who.create('devices', createDevice()), 201)
    const tunnel = expectStatus<Rec>(await who.create('tunnels', createTunnel(device.id, { protocol: 'http', local_port: 8080 })), 201)
    tunnels.set(who, { id: tunnel.id, deviceId: device.id })
  }
})
test.after(() => server.close())

test('bytes through tunnels count in this month’s usage, apart from another organization’s', async () => {
  setClock('2031-03-10T12:32:30.000Z')
  await carry(me, '2031-03-10T11:15:00.000Z', 1200, 600)
  await carry(me, '2031-03-10T12:10:00.000Z', 600, 0)
  // Last month's bytes are last month's.
  await carry(me, '2031-02-27T09:00:00.000Z', 5, 5)
  await carry(other, '2031-03-10T11:20:00.000Z', 7_000_000, 7_000_000)
  assert.equal((await billing(me)).usage, { devices: 1, tunnels: 1, traffic_bytes: 2400, tunnel_traffic_bytes: 2400 })
  assert.equal((await billing(other)).usage, { devices: 1, tunnels: 1, traffic_bytes: 14_000_000, tunnel_traffic_bytes: 14_000_000 })
})

test('the traffic dashboard shows the metered bytes beside the reported ones, on every range', async () => {
  const week = await traffic(me, '7d')
  const hour11 = Date.parse('2031-03-10T11:00:00.000Z') / 1000
  assert.is(week.tunnel_bytes_in.length, week.times.length)
  assert.is(week.tunnel_bytes_in[week.times.indexOf(hour11)], 1200)
  assert.is(week.tunnel_bytes_out[week.times.indexOf(hour11)], 600)
  assert.equal([sum(week.tunnel_bytes_in), sum(week.tunnel_bytes_out)], [1800, 600])
  assert.ok(week.bytes_in.every((value: unknown) => value === null), 'nothing was reported')

  // Five-minute steps: an hour's bytes spread evenly over its twelve; the hour running over its steps so far.
  const day = await traffic(me, '24h')
  const at11 = day.times.indexOf(hour11)
  assert.equal(day.tunnel_bytes_in.slice(at11, at11 + 12), new Array(12).fill(100))
  assert.equal(day.tunnel_bytes_out.slice(at11, at11 + 12), new Array(12).fill(50))
  assert.equal([sum(day.tunnel_bytes_in), sum(day.tunnel_bytes_out)], [1800, 600])
  assert.is(day.tunnel_bytes_in.filter((value: number) => value > 0).length, 12 + 7)

  // Minutes: the chart begins at 11:32, so 28 of 11 o'clock's 60 shares, and the 32 minutes of 12 o'clock so far.
  const hour = await traffic(me, '1h')
  assert.equal([sum(hour.tunnel_bytes_in), sum(hour.tunnel_bytes_out)], [28 * 20 + 600, 28 * 10])

  // Another organization's bytes are theirs alone.
  assert.equal(sum((await traffic(other, '24h')).tunnel_bytes_in), 7_000_000)
})

test('bytes added to one hour at once, as several processes would, all count', async () => {
  const fresh = await register(server, 'Busy')
  const device = expectStatus<Rec>(await fresh.create('devices', createDevice()), 201)
  const tunnel = expectStatus<Rec>(await fresh.create('tunnels', createTunnel(device.id)), 201)
  const at = '2031-03-10T10:30:00.000Z'
  await Promise.all(Array.from({ length: 24 }, (_, n) => insertTunnelTraffic(server, { organizationId: fresh.organizationId, tunnelId: tunnel.id, deviceId: device.id, at, bytesIn: 1000 + n, bytesOut: 1 })))
  const usage = (await billing(fresh)).usage
  assert.equal([usage.traffic_bytes, usage.tunnel_traffic_bytes], [24 * 1000 + (23 * 24) / 2 + 24, 24 * 1000 + (23 * 24) / 2 + 24])
})

test('a closed month’s invoice counts the bytes through tunnels in its traffic and its overage, the tunnel gone or not', async () => {
  // 6 GB through a tunnel on the free plan's 5 GB: one whole GB over.
  await carry(me, '2031-03-20T08:00:00.000Z', 4 * GB, 2 * GB - 2400)
  const { id } = tunnels.get(me)!
  expectStatus(await me.remove('tunnels', id), 200)
  setClock('2031-04-01T00:10:00.000Z')
  const [march] = expectStatus<Rec[]>(await call(server, 'GET', '/billing/invoices/', me.token), 200)
  assert.is(march!.period, '2031-03')
  assert.equal(march!.lines.find((line: Rec) => line.kind === 'traffic'), { kind: 'traffic', quantity: 6 * GB, unit_cents: 0, amount_cents: 0, tunnel_bytes: 6 * GB })
  assert.equal(march!.lines.find((line: Rec) => line.kind === 'overage'), { kind: 'overage', quantity: 1, unit_cents: 10, amount_cents: 10, included_gb: 5 })
  // The stranger's month holds only their own bytes.
  const [theirs] = expectStatus<Rec[]>(await call(server, 'GET', '/billing/invoices/', other.token), 200)
  assert.equal(theirs!.lines.find((line: Rec) => line.kind === 'traffic'), { kind: 'traffic', quantity: 14_000_000, unit_cents: 0, amount_cents: 0, tunnel_bytes: 14_000_000 })
})

test.run()
