import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { backdateOrganization, bytesSince, countOfOrganization, insertHeartbeats, insertHourRollup, pick, planOf, storedCardsOf, trailOfOrganization, type Table } from '../fixtures'
import { secretsInDatabase } from './_server'
import { monthStart, periodOf } from '../../src/contract/billing'
import {
  admin,
  call,
  createDevice,
  createTunnel,
  expectStatus,
  joinOrganization,
  register,
  startServer,
  type Tenant,
  type TestServer,
} from './collections/_api'

type Rec = Record<string, any>

let server: TestServer
let owner: Tenant

const CARD = { name: 'Ada Lovelace', number: '4539 5787 6362 1486', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '837' }
const DEVICE_LIMIT = "Your plan allows 10 devices; remove one or change the plan"
const TUNNEL_LIMIT = 'Your plan allows 5 tunnels; remove one or change the plan'

const billing = (who: Tenant) => call(server, 'GET', '/billing/', who.token)
const setPlan = (who: Tenant, body: unknown) => call(server, 'PUT', '/billing/plan', who.token, body)
const setCard = (who: Tenant, body: unknown) => call(server, 'PUT', '/billing/payment-method', who.token, body)
const invoices = (who: Tenant, query: Record<string, string | number> = {}) =>
  call(server, 'GET', `/billing/invoices/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who.token)
const count = (table: Table, organizationId: string) => countOfOrganization(server, table, organizationId)
const orgRow = (id: string) => planOf(server, id)

test.before(async () => {
  // Statuses hold still: nothing the sweeper does moves a count while it is compared.
  server = await startServer({ offlineAfterS: 86_400 })
  owner = await register(server, 'Billing owner')
})
test.after(() => server.close())

test('the seeded organization is on a plan its fleet fits, with usage from real counts and this month’s heartbeats', async () => {
  const me = await admin(server)
  const body = expectStatus<Rec>(await billing(me), 200)
  const from = monthStart(new Date()).toISOString()
  const traffic = await bytesSince(server, me.organizationId, from)
  assert.is(body.plan, 'team')
  assert.equal(body.usage, { devices: await count('devices', me.organizationId), tunnels: await count('tunnels', me.organizationId), traffic_bytes: traffic ?? 0, tunnel_traffic_bytes: 0 })
  assert.equal([body.usage.devices, body.usage.tunnels], [40, 14])
  assert.ok(body.usage.devices <= body.limits.devices && body.usage.tunnels <= body.limits.tunnels, 'the seeded fleet fits its plan')
  assert.ok(body.usage.traffic_bytes > 0, 'the seeded heartbeats count')
  assert.equal(body.payment_method, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, name: 'Default organization' })
  assert.equal(body.plans.map((plan: Rec) => plan.name), ['free', 'team', 'business'])
  assert.is(body.version, (await orgRow(me.organizationId)).version)

  // A device more, and the count follows.
  expectStatus(await me.create('devices', createDevice()), 201)
  assert.is(expectStatus<Rec>(await billing(me), 200).usage.devices, 41)
})

test('the seeded organization’s capped collections count against the Team plan’s caps: live keys, its own roles, its open invitation', async () => {
  const body = expectStatus<Rec>(await billing(await admin(server)), 200)
  const team = (body.plans as Rec[]).find((plan) => plan.name === 'team')!
  assert.equal(Object.keys(body.caps), ['alert_rules', 'webhooks', 'views', 'access_keys', 'app_ids', 'roles', 'invitations', 'alert_mutes'])
  for (const [kind, cap] of Object.entries(body.caps as Record<string, Rec>)) assert.is(cap.limit, team.caps[kind], kind)
  assert.equal([body.caps.access_keys.used, body.caps.roles.used, body.caps.invitations.used, body.caps.alert_rules.used], [2, 3, 1, 0])
})

test('a new organization is on the free plan, and its heartbeats of this month are its traffic', async () => {
  const body = expectStatus<Rec>(await billing(owner), 200)
  assert.equal([body.plan, body.limits, body.usage], ['free', { devices: 10, tunnels: 5, traffic_bytes: 5e9 }, { devices: 0, tunnels: 0, traffic_bytes: 0, tunnel_traffic_bytes: 0 }])
  const device = expectStatus<Rec>(await owner.create('devices', createDevice()), 201)
  const at = new Date().toISOString()
  for (const [bytesIn, bytesOut] of [[1000, 234], [5000, 0]] as const) {
    await insertHeartbeats(server, [{ deviceId: device.id, organizationId: owner.organizationId, at, bytesIn, bytesOut }])
  }
  assert.is(expectStatus<Rec>(await billing(owner), 200).usage.traffic_bytes, 6234)
})

test('devices past the plan are refused with its limit, even when many are created at once', async () => {
  while (await count('devices', owner.organizationId) < 8) expectStatus(await owner.create('devices', createDevice()), 201)
  const race = await Promise.all(Array.from({ length: 6 }, () => owner.create('devices', createDevice())))
  assert.equal(race.map((answer) => answer.status).sort(), [201, 201, 409, 409, 409, 409])
  for (const refused of race.filter((answer) => answer.status === 409)) assert.equal(refused.body, { message: DEVICE_LIMIT })
  assert.is(await count('devices', owner.organizationId), 10)
  const again = await owner.create('devices', createDevice())
  assert.equal([again.status, again.body], [409, { message: DEVICE_LIMIT }])
  assert.is(await count('devices', owner.organizationId), 10)
})

test('tunnels past the plan are refused the same way', async () => {
  const [device] = expectStatus<Rec[]>(await owner.list('devices', { per_page: 5 }), 200)
  while (await count('tunnels', owner.organizationId) < 3) expectStatus(await owner.create('tunnels', createTunnel(device!.id)), 201)
  const race = await Promise.all(Array.from({ length: 5 }, () => owner.create('tunnels', createTunnel(device!.id))))
  assert.equal(race.map((answer) => answer.status).sort(), [201, 201, 409, 409, 409])
  for (const refused of race.filter((answer) => answer.status === 409)) assert.equal(refused.body, { message: TUNNEL_LIMIT })
  assert.is(await count('tunnels', owner.organizationId), 5)
})

test('a bigger plan lifts the limit; a stale version is 409 with the billing as it is', async () => {
  const before = expectStatus<Rec>(await billing(owner), 200)
  const up = expectStatus<Rec>(await setPlan(owner, { plan: 'team', version: before.version }), 200)
  assert.equal([up.plan, up.limits.devices, up.version], ['team', 50, before.version + 1])
  const stale = await setPlan(owner, { plan: 'business', version: before.version })
  assert.is(stale.status, 409)
  assert.is(stale.body.message, 'Someone else changed this record since you opened it')
  assert.equal([stale.body.current.plan, stale.body.current.version], ['team', up.version])
  assert.equal(await orgRow(owner.organizationId), { plan: 'team', version: up.version })
  expectStatus(await owner.create('devices', createDevice()), 201)
  expectStatus(await owner.create('devices', createDevice()), 201)
  const [device] = expectStatus<Rec[]>(await owner.list('devices', { per_page: 5 }), 200)
  expectStatus(await owner.create('tunnels', createTunnel(device!.id)), 201)
})

test('a downgrade below current usage is refused with what to remove first, and nothing changes', async () => {
  const before = expectStatus<Rec>(await billing(owner), 200)
  const row = await orgRow(owner.organizationId)
  const trail = await count('audit_events', owner.organizationId)
  const down = await setPlan(owner, { plan: 'free', version: before.version })
  assert.equal([down.status, down.body], [409, { message: 'The Free plan allows 10 devices and 5 tunnels. Remove 2 devices and 1 tunnel first' }])
  assert.equal(await orgRow(owner.organizationId), row)
  assert.is(await count('audit_events', owner.organizationId), trail)
  assert.equal(expectStatus<Rec>(await billing(owner), 200), before)
})

test('a plan change names no unknown plan and needs a version', async () => {
  const version = expectStatus<Rec>(await billing(owner), 200).version
  const unknown = await setPlan(owner, { plan: 'platinum', version })
  assert.equal([unknown.status, Object.keys(unknown.body.errors)], [400, ['plan']])
  const missing = await setPlan(owner, { plan: 'business' })
  assert.equal([missing.status, missing.body.errors], [400, { version: 'Required' }])
  assert.is((await orgRow(owner.organizationId)).plan, 'team')
})

test('a card with a bad number, a past expiry, no name or a bad code is refused field by field', async () => {
  const now = new Date()
  const lastMonth = monthStart(now, -1)
  const cases: [string, Rec, Rec][] = [
    ['bad Luhn', { number: '4539 5787 6362 1487' }, { number: 'Not a valid card number' }],
    ['too short', { number: '4242 4242 42' }, { number: 'Not a valid card number' }],
    ['letters', { number: '4242-4242-4242-424x' }, { number: 'Not a valid card number' }],
    ['past expiry', { exp_month: lastMonth.getUTCMonth() + 1, exp_year: lastMonth.getUTCFullYear() }, { exp_month: 'This card has expired' }],
    ['no name', { name: '   ' }, { name: 'Required' }],
    ['bad code', { cvc: '12' }, { cvc: 'Three or four digits' }],
    ['month 13', { exp_month: 13 }, { exp_month: 'Invalid value' }],
  ]
  for (const [what, change, errors] of cases) {
    const answer = await setCard(owner, { ...CARD, ...change })
    assert.equal([answer.status, answer.body.errors], [400, errors], what)
  }
  assert.is(await count('payment_methods', owner.organizationId), 0)
  // This month still counts.
  expectStatus(await setCard(owner, { ...CARD, exp_month: now.getUTCMonth() + 1, exp_year: now.getUTCFullYear() }), 200)
})

test('a card is kept as brand, last four, expiry and name: never its number or code, in any file of the database', async () => {
  const saved = expectStatus<Rec>(await setCard(owner, CARD), 200)
  assert.equal(saved.payment_method, { brand: 'visa', last4: '1486', exp_month: 12, exp_year: CARD.exp_year, name: 'Ada Lovelace' })
  assert.equal(await storedCardsOf(server, owner.organizationId), [
    { brand: 'visa', last4: '1486', exp_month: 12, exp_year: CARD.exp_year, name: 'Ada Lovelace' },
  ])
  assert.equal(await secretsInDatabase(server, ['4539578763621486', '4539 5787 6362 1486', '453957876362']), [])
  const entries = pick(await trailOfOrganization(server, owner.organizationId, 'billing'), ['action', 'record_name'])
  assert.ok(entries.some((entry) => entry.action === 'payment_method' && entry.record_name === 'visa 1486'))
  assert.ok(entries.some((entry) => entry.action === 'plan' && entry.record_name === 'team'))
  assert.not.ok(JSON.stringify(entries).includes(CARD.cvc))

  const brands = [
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['6011 1111 1111 1117', 'other'],
  ]
  for (const [number, brand] of brands) assert.is(expectStatus<Rec>(await setCard(owner, { ...CARD, number }), 200).payment_method.brand, brand, number)
  const removed = expectStatus<Rec>(await call(server, 'DELETE', '/billing/payment-method', owner.token), 200)
  assert.is(removed.payment_method, null)
  assert.is(await count('payment_methods', owner.organizationId), 0)
})

test('invoices: one per month that ended, made once however often asked, newest first and paged', async () => {
  const months = 14
  const created = new Date(monthStart(new Date(), -months).getTime() + 86_400_000).toISOString()
  await backdateOrganization(server, owner.organizationId, created)
  // Last month's last hour, folded from heartbeats long pruned.
  const lastHour = new Date(monthStart(new Date()).getTime() - 3600_000).toISOString()
  await insertHourRollup(server, owner.organizationId, lastHour, { samples: 1, online: 1, bytesIn: 999999, bytesOut: 1 })
  const [first, second, third] = await Promise.all([invoices(owner, { per_page: 5 }), invoices(owner, { per_page: 5 }), invoices(owner, { per_page: 5 })])
  for (const answer of [first!, second!, third!]) assert.is(answer.headers.get('X-Total-Count'), String(months))
  assert.is(await count('invoices', owner.organizationId), months)
  const expected = Array.from({ length: months }, (_, i) => periodOf(monthStart(new Date(), -(i + 1))))
  const pages: Rec[] = []
  for (let page = 1; page <= 3; page++) pages.push(...expectStatus<Rec[]>(await invoices(owner, { per_page: 5, page }), 200))
  assert.equal(
    pages.map((invoice) => invoice.period),
    expected,
  )
  const last = pages[0]!
  // The upgrade to Team came this month: every month before was on Free, the first one from the day the organization began.
  const day = (date: Date) => date.toISOString().slice(0, 10)
  const lastMonth = monthStart(new Date(), -1)
  const lastDay = new Date(monthStart(new Date()).getTime() - 86_400_000)
  assert.equal([last.currency, last.plan, last.status, last.amount_cents], ['USD', 'free', 'paid', 0])
  assert.equal(last.lines[0], { kind: 'plan', plan: 'free', from: day(lastMonth), to: day(lastDay), month_days: lastDay.getUTCDate(), quantity: lastDay.getUTCDate(), unit_cents: 0, amount_cents: 0 })
  assert.equal(pages.at(-1)!.lines[0].from, created.slice(0, 10))
  assert.equal(last.lines.find((line: Rec) => line.kind === 'traffic').quantity, 1_000_000)
  assert.equal(expectStatus<Rec>(await call(server, 'GET', `/billing/invoices/${last.id}`, owner.token), 200), last)
  const asc = expectStatus<Rec[]>(await invoices(owner, { per_page: 5, sort: 'period', order: 'asc' }), 200)
  assert.is(asc[0]!.period, expected.at(-1))
  assert.is((await invoices(owner, { per_page: 7 })).status, 400)
  assert.is((await invoices(owner, { sort: 'secret' })).status, 400)
  await invoices(owner)
  assert.is(await count('invoices', owner.organizationId), months)
})

test('the seeded organization has its past invoices', async () => {
  const me = await admin(server)
  const list = await invoices(me)
  const rows = expectStatus<Rec[]>(list, 200)
  assert.is(list.headers.get('X-Total-Count'), '3')
  assert.equal(rows.map((row) => row.period), [1, 2, 3].map((n) => periodOf(monthStart(new Date(), -n))))
  assert.ok(rows.every((row) => row.status === 'paid' && row.amount_cents >= 4900))
})

test("another organization's invoices are not found; a caller without billing is refused", async () => {
  const me = await admin(server)
  const mine = expectStatus<Rec[]>(await invoices(me), 200)
  const theirs = expectStatus<Rec[]>(await invoices(owner, { per_page: 5 }), 200)
  assert.equal([mine.length, theirs.length], [3, 5])
  const statusOf = async (id: string, who: Tenant) => (await call(server, 'GET', `/billing/invoices/${id}`, who.token)).status
  assert.equal(await Promise.all(mine.map((invoice) => statusOf(invoice.id, owner))), [404, 404, 404])
  assert.equal(await Promise.all(theirs.map((invoice) => statusOf(invoice.id, me))), [404, 404, 404, 404, 404])
  // Each answers its own organization.
  assert.is(await statusOf(mine[0]!.id, me), 200)
  assert.is((await call(server, 'GET', `/billing/invoices/${'x'.repeat(300)}`, me.token)).status, 404)
  assert.not.ok(JSON.stringify(mine).includes(owner.organizationId))

  const limited = await register(server, 'No billing')
  await joinOrganization(server, limited, owner.organizationId, ['devices'])
  const before = await orgRow(owner.organizationId)
  const refused = [
    await billing(limited),
    await setPlan(limited, { plan: 'business', version: before.version }),
    await setCard(limited, CARD),
    await call(server, 'DELETE', '/billing/payment-method', limited.token),
    await invoices(limited),
    await call(server, 'GET', `/billing/invoices/${theirs[0]!.id}`, limited.token),
  ]
  assert.equal(refused.map((answer) => answer.status), [403, 403, 403, 403, 403, 403])
  assert.equal(await orgRow(owner.organizationId), before)
  assert.is(await count('payment_methods', owner.organizationId), 0)
  assert.is((await call(server, 'GET', '/billing/')).status, 401)
})

test.run()
