import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { heartbeatCount } from '../fixtures'
import { call, client, createDevice, createHeartbeat, createKey, expectStatus, register, startServer, type Client, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

let server: TestServer
/** Twins: the same history; `early` has its invoices made before the plan changes again and its heartbeats age, `late` after. */
let early: Tenant
let late: Tenant
/** Upgrades on 20 February and downgrades on 11 March. */
let downgrader: Tenant
/** On Team from 20 February, 534 GB and 75 MB of traffic in March. */
let heavy: Tenant
/** Each tenant's device and the key it reports with. */
const devices = new Map<Tenant, { id: string; key: Client }>()

let offset = 0
/** Moves the server's clock to `iso`, give or take the seconds the test itself takes. */
const setClock = (iso: string) => {
  const by = Date.parse(iso) - (Date.now() + offset)
  server.advance(by)
  offset += by
}
const billing = async (who: Tenant) => expectStatus<Rec>(await call(server, 'GET', '/billing/', who.token), 200)
const changePlan = async (who: Tenant, plan: string) =>
  expectStatus<Rec>(await call(server, 'PUT', '/billing/plan', who.token, { plan, version: (await billing(who)).version }), 200)
const invoices = async (who: Tenant) => expectStatus<Rec[]>(await call(server, 'GET', '/billing/invoices/', who.token), 200)
const beat = async (who: Tenant, bytesIn: number, bytesOut: number) => {
  const { id, key } = devices.get(who)!
  expectStatus(await key.heartbeat(id, createHeartbeat({ metrics: { latency_ms: 9, bytes_in: bytesIn, bytes_out: bytesOut, cpu: 5, memory: 30 } })), 200)
}
/** What an invoice says, without what tells two organizations' invoices apart. */
const content = ({ id: _id, ...invoice }: Rec) => invoice

const GB = 1_000_000_000
const MARCH_BYTES = 200 * GB + 1234 + 100 * GB + 45 * GB + 5678

test.before(async () => {
  // Sessions outlive the months the clock jumps.
  const year = { idleSeconds: 366 * 86_400, maxSeconds: 366 * 86_400 }
  server = await startServer({ seedFleet: false, offlineAfterS: 86_400 * 60, sessions: { remembered: year, short: year } })
  setClock('2031-02-20T12:00:00.000Z')
  ;[early, late, downgrader, heavy] = [await register(server, 'Early'), await register(server, 'Late'), await register(server, 'Downgrader'), await register(server, 'Heavy')]
  for (const who of [early, late, downgrader, heavy]) {
    const { id } = expectStatus<Rec>(await who.create('devices', createDevice()), 201)
    const { secret } = expectStatus<Rec>(await who.create('access_keys', createKey({ expires_in_days: 365 })), 201)
    devices.set(who, { id, key: client(server, secret) })
  }
  await changePlan(downgrader, 'team')
  await changePlan(heavy, 'team')

  setClock('2031-03-05T12:00:00.000Z')
  for (const who of [early, late]) await beat(who, 200 * GB, 1234)
  await beat(heavy, 500 * GB, 34 * GB + 75_000_000)
  setClock('2031-03-11T12:00:00.000Z')
  for (const who of [early, late]) await changePlan(who, 'team')
  await changePlan(downgrader, 'free')
  for (const who of [early, late]) await beat(who, 100 * GB, 0)
  setClock('2031-03-25T12:00:00.000Z')
  for (const who of [early, late]) await beat(who, 45 * GB, 5678)
})
test.after(() => server.close())

test('a closed month bills each plan for its days: a change mid-month gives two prorated lines', async () => {
  setClock('2031-04-01T00:10:00.000Z')
  const [march, february] = await invoices(early)
  assert.equal([march?.period, february?.period], ['2031-03', '2031-02'])
  // Free from 1 to 10 March, Team from the day of the upgrade; 5 GB a month for 10 days of 31 and 500 GB for 21 include 340.32 GB,
  // counted up to 341: 345 whole GB less those bill 4.
  const overGb = Math.floor(MARCH_BYTES / GB) - Math.ceil((5 * GB * 10) / 31 / GB + (500 * GB * 21) / 31 / GB)
  assert.is(overGb, 4)
  assert.equal(march!.lines, [
    { kind: 'plan', plan: 'free', from: '2031-03-01', to: '2031-03-10', month_days: 31, quantity: 10, unit_cents: 0, amount_cents: 0 },
    { kind: 'plan', plan: 'team', from: '2031-03-11', to: '2031-03-31', month_days: 31, quantity: 21, unit_cents: 4900, amount_cents: 3319 },
    { kind: 'overage', quantity: 4, unit_cents: 10, amount_cents: 40, included_gb: 341 },
    { kind: 'devices', quantity: 1, unit_cents: 0, amount_cents: 0 },
    { kind: 'tunnels', quantity: 0, unit_cents: 0, amount_cents: 0 },
    { kind: 'traffic', quantity: MARCH_BYTES, unit_cents: 0, amount_cents: 0 },
  ])
  assert.equal([march!.plan, march!.amount_cents, march!.status, march!.issued_at], ['team', 3359, 'open', '2031-04-01T00:00:00.000Z'])
  // Billed from the day the organization began.
  assert.equal(february!.lines[0], { kind: 'plan', plan: 'free', from: '2031-02-20', to: '2031-02-28', month_days: 28, quantity: 9, unit_cents: 0, amount_cents: 0 })
  assert.equal([february!.amount_cents, february!.status], [0, 'paid'])
})

test('a 534 GB month on the 500 GB plan bills the 34 GB past it: quantity, unit price and amount agree with the lines', async () => {
  const [march] = await invoices(heavy)
  const overage = march!.lines.find((line: Rec) => line.kind === 'overage')
  const traffic = march!.lines.find((line: Rec) => line.kind === 'traffic')
  assert.equal(overage, { kind: 'overage', quantity: 34, unit_cents: 10, amount_cents: 340, included_gb: 500 })
  assert.is(traffic.quantity, 534 * GB + 75_000_000)
  assert.is(Math.floor(traffic.quantity / GB) - overage.included_gb, overage.quantity)
  assert.is(march!.amount_cents, 4900 + 340)
})

test('a downgrade counts from the next day: the day of the change is billed at the dearer plan', async () => {
  const [march, february] = await invoices(downgrader)
  assert.equal(
    march!.lines.filter((line: Rec) => line.kind === 'plan').map((line: Rec) => [line.plan, line.from, line.to, line.amount_cents]),
    [
      ['team', '2031-03-01', '2031-03-11', Math.round((4900 * 11) / 31)],
      ['free', '2031-03-12', '2031-03-31', 0],
    ],
  )
  assert.equal([march!.plan, march!.amount_cents], ['free', 1739])
  assert.equal([february!.plan, february!.amount_cents, february!.lines[0].quantity], ['team', 1575, 9])
})

test('last month’s invoice stays the same to the cent after a plan change and the heartbeats’ pruning', async () => {
  const before = await invoices(early)
  assert.is(before.length, 2)
  for (const who of [early, late]) await changePlan(who, 'business')
  await beat(early, 777, 0)
  setClock('2031-04-09T12:00:00.000Z')
  // The dashboards fold what is due before they read, as the schedule does every 15 s.
  expectStatus(await call(server, 'GET', '/metrics/traffic?range=1h', early.token), 200)
  await server.sweep()
  const held = await heartbeatCount(server, [early.organizationId, late.organizationId])
  assert.is(held, 0, 'every heartbeat is past its 7 days')

  assert.equal(await invoices(early), before)
  // The twin's invoices, made only now, say what the first ones said.
  assert.equal((await invoices(late)).map(content), before.map(content))
  // This month's traffic outlives its heartbeats too.
  assert.is((await billing(early)).usage.traffic_bytes, 777)
})

test.run()
