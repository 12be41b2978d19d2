import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { backdateDevice, expireAccessKey, insertAlert, insertTunnel, linkDevice, setDeviceStatus } from '../fixtures'
import {
  call,
  client,
  createDevice,
  createHeartbeat,
  createKey,
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

test.before(async () => {
  // Nothing goes offline by itself while the test sets statuses.
  // No sweep of its own: the alerts written straight into the table stay as written, however slow the machine.
  server = await startServer({ offlineAfterS: 7 * 24 * 3600, alertsEveryMs: 0 })
})
test.after(() => server.close())

const summary = (token?: string) => call(server, 'GET', '/summary', token)

/**
 * An organization with a known fleet: two devices online, one in error, one offline, one
 * provisioning (added ten days ago, the others now); tunnels up on an online device whose agent is linked, down on the device in error, one disabled; keys
 * expiring in 7 days (one of them revoked), in 30, never, and one already expired; two app ids.
 */
async function knownSetup(): Promise<{ owner: Tenant; devices: Rec[] }> {
  const owner = await register(server, 'Summary')
  const devices: Rec[] = []
  for (let i = 0; i < 5; i++) devices.push(expectStatus<Rec>(await owner.create('devices', createDevice()), 201, 'device'))
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'], expires_in_days: 30 })), 201)
  const key = client(server, issued.secret)
  expectStatus(await key.heartbeat(devices[0]!.id), 200)
  expectStatus(await key.heartbeat(devices[1]!.id), 200)
  expectStatus(await key.heartbeat(devices[2]!.id, createHeartbeat({ status: 'error' })), 200)
  expectStatus(await key.heartbeat(devices[3]!.id), 200)
  await setDeviceStatus(server, devices[3]!.id, 'offline')
  await backdateDevice(server, devices[4]!.id, new Date(Date.now() - 10 * 86_400_000).toISOString())

  expectStatus(await owner.create('tunnels', createTunnel(devices[0]!.id)), 201, 'tunnel up')
  await linkDevice(server, { id: devices[0]!.id, organizationId: owner.organizationId })
  expectStatus(await owner.create('tunnels', createTunnel(devices[2]!.id)), 201, 'tunnel on a device in error')
  expectStatus(await owner.create('tunnels', createTunnel(devices[1]!.id, { enabled: false })), 201, 'disabled tunnel')
  expectStatus(await owner.create('tunnels', createTunnel(devices[3]!.id)), 201, 'tunnel on an offline device')

  expectStatus(await owner.create('access_keys', createKey({ expires_in_days: 7 })), 201)
  const revoked = expectStatus<Rec>(await owner.create('access_keys', createKey({ expires_in_days: 7 })), 201)
  expectStatus(await owner.remove('access_keys', revoked.id), 200, 'revoke')
  expectStatus(await owner.create('access_keys', createKey({ expires_in_days: null })), 201)
  const expired = expectStatus<Rec>(await owner.create('access_keys', createKey({ expires_in_days: 7 })), 201)
  await expireAccessKey(server, expired.id, 3600_000)

  for (const name of ['Reporter', 'Billing export']) {
    expectStatus(await call(server, 'POST', '/app_ids/', owner.token, { name, redirect_uris: [], scopes: ['devices'] }), 201, 'app id')
  }
  return { owner, devices }
}

test('counts the known fleet, tunnels, expiring keys and app ids of the organization', async () => {
  const { owner } = await knownSetup()
  const before = Date.now()
  const body = expectStatus<Rec>(await summary(owner.token), 200)
  assert.equal(body.devices, { online: 2, offline: 1, error: 1, provisioning: 1, pending: 0, disabled: 0, total: 5, added_7d: 4 })
  assert.equal(body.tunnels, { up: 1, total: 4 })
  assert.equal(body.access_keys, { expiring: 1 })
  assert.equal(body.app_ids, { total: 2 })
  // Four heartbeats of 1,000 bytes in and 500 out this month; a new organization is on the free plan.
  assert.equal(body.billing, { plan: 'free', limits: { devices: 10, tunnels: 5, traffic_bytes: 5_000_000_000 }, usage: { devices: 5, tunnels: 4, traffic_bytes: 6000, tunnel_traffic_bytes: 0 } })
  const billing = expectStatus<Rec>(await call(server, 'GET', '/billing/', owner.token), 200)
  assert.equal(body.billing.usage, billing.usage, 'the same usage as the billing screen')
  const at = Date.parse(body.generated_at)
  assert.ok(at >= before - 1000 && at <= Date.now() + 1000, body.generated_at)
})

test('follows changes: a heartbeat, a device turned off, a key revoked, a device disabled', async () => {
  const { owner, devices } = await knownSetup()
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'], expires_in_days: 90 })), 201)
  const key = client(server, issued.secret)
  // The offline device reports again and its agent links: its tunnel is up.
  expectStatus(await key.heartbeat(devices[3]!.id), 200)
  await linkDevice(server, { id: devices[3]!.id, organizationId: owner.organizationId })
  let body = expectStatus<Rec>(await summary(owner.token), 200)
  assert.equal(body.devices, { online: 3, offline: 0, error: 1, provisioning: 1, pending: 0, disabled: 0, total: 5, added_7d: 4 })
  assert.equal(body.tunnels, { up: 2, total: 4 })
  // The expiring key is revoked.
  const keys = expectStatus<Rec[]>(await owner.list('access_keys', { per_page: 50 }), 200)
  const expiring = keys.find((k) => !k.revoked_at && k.expires_at && Date.parse(k.expires_at) > Date.now() && Date.parse(k.expires_at) < Date.now() + 8 * 86_400_000)
  expectStatus(await owner.remove('access_keys', expiring!.id), 200)
  body = expectStatus<Rec>(await summary(owner.token), 200)
  assert.equal(body.access_keys, { expiring: 0 })
  // A device disabled is counted apart, not as offline: nothing went dark that nobody chose.
  const online = expectStatus<Rec>(await owner.get('devices', devices[3]!.id), 200)
  expectStatus(await owner.update('devices', online.id, { ...online, enabled: false }), 200)
  body = expectStatus<Rec>(await summary(owner.token), 200)
  assert.equal(body.devices, { online: 2, offline: 0, error: 1, provisioning: 1, pending: 0, disabled: 1, total: 5, added_7d: 4 })
  assert.equal(body.tunnels, { up: 1, total: 4 })
})

test("never counts another organization's devices, tunnels, keys or app ids", async () => {
  const { owner } = await knownSetup()
  const first = expectStatus<Rec>(await summary(owner.token), 200)
  const other = await register(server, 'Neighbour')
  const theirs = expectStatus<Rec>(await other.create('devices', createDevice()), 201)
  const issued = expectStatus<Rec>(await other.create('access_keys', createKey({ scopes: ['devices'], expires_in_days: 7 })), 201)
  expectStatus(await client(server, issued.secret).heartbeat(theirs.id), 200)
  expectStatus(await other.create('tunnels', createTunnel(theirs.id)), 201)
  await linkDevice(server, { id: theirs.id, organizationId: other.organizationId })
  expectStatus(await call(server, 'POST', '/app_ids/', other.token, { name: 'Theirs', redirect_uris: [], scopes: ['devices'] }), 201)
  // A forged row: their tunnel pointing at our online device still counts for them only.
  const ours = expectStatus<Rec[]>(await owner.list('devices', { status: 'online', per_page: 10 }), 200)
  await insertTunnel(server, { id: `forged-${Date.now()}`, organizationId: other.organizationId, deviceId: ours[0]!.id, name: 'forged', publicEndpoint: `forged-${Date.now()}.example.net:1` })
  const again = expectStatus<Rec>(await summary(owner.token), 200)
  for (const part of ['devices', 'tunnels', 'access_keys', 'app_ids', 'alerts', 'billing']) assert.equal(again[part], first[part], part)
  const theirsSummary = expectStatus<Rec>(await summary(other.token), 200)
  assert.equal(theirsSummary.devices, { online: 1, offline: 0, error: 0, provisioning: 0, pending: 0, disabled: 0, total: 1, added_7d: 1 })
  assert.equal(theirsSummary.access_keys, { expiring: 1 })
  assert.equal(theirsSummary.app_ids, { total: 1 })
  // Their forged tunnel's device is not theirs: it is not up for them either.
  assert.equal(theirsSummary.tunnels, { up: 1, total: 2 })
})

test('answers each part only with its right', async () => {
  const { owner } = await knownSetup()
  const cases: [string[], string[]][] = [
    [['devices'], ['devices', 'alerts']],
    [['alerts'], ['alerts']],
    [['tunnels'], ['tunnels']],
    [['access_keys', 'users'], ['access_keys']],
    [['app_ids'], ['app_ids']],
    [['billing'], ['billing']],
    [['roles', 'network'], []],
    [[], []],
  ]
  for (const [rights, parts] of cases) {
    const member = await register(server, 'Member')
    await joinOrganization(server, member, owner.organizationId, rights)
    const body = expectStatus<Rec>(await summary(member.token), 200, rights.join(','))
    assert.equal(Object.keys(body).sort(), ['generated_at', ...parts].sort(), `rights ${rights.join(', ') || 'none'}`)
  }
  const member = await register(server, 'Devices only')
  await joinOrganization(server, member, owner.organizationId, ['devices'])
  const body = expectStatus<Rec>(await summary(member.token), 200)
  assert.equal(body.devices, { online: 2, offline: 1, error: 1, provisioning: 1, pending: 0, disabled: 0, total: 5, added_7d: 4 }, "the organization's figures")
})

test("an access key sees the parts of its scopes, in its organization", async () => {
  const { owner } = await knownSetup()
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['tunnels'], expires_in_days: 90 })), 201)
  const body = expectStatus<Rec>(await summary(issued.secret), 200)
  assert.equal(Object.keys(body).sort(), ['generated_at', 'tunnels'])
  assert.equal(body.tunnels, { up: 1, total: 4 })
})

/** Writes an alert of `rule` straight into the table: `fired` and `resolved` say which of its times are set. */
async function alertRow(organizationId: string, ruleId: string, fired: boolean, resolved: boolean) {
  await insertAlert(server, organizationId, ruleId, { fired, resolved })
}

test("counts the organization's firing alerts, not those waiting, resolved or of another organization, for those who may read alerts", async () => {
  const owner = await register(server, 'Alerted')
  const rule = expectStatus<Rec>(await call(server, 'POST', '/alert_rules/', owner.token, { name: 'Dark', target: 'all', condition: 'offline', emails: ['ops@example.com'] }), 201)
  assert.equal(expectStatus<Rec>(await summary(owner.token), 200).alerts, { firing: 0 })
  for (const [fired, resolved] of [[true, false], [true, false], [false, false], [true, true]] as const) await alertRow(owner.organizationId, rule.id, fired, resolved)
  const other = await register(server, 'Not alerted')
  const theirs = expectStatus<Rec>(await call(server, 'POST', '/alert_rules/', other.token, { name: 'Theirs', target: 'all', condition: 'offline', emails: ['ops@example.com'] }), 201)
  await alertRow(other.organizationId, theirs.id, true, false)
  assert.equal(expectStatus<Rec>(await summary(owner.token), 200).alerts, { firing: 2 })
  assert.equal(expectStatus<Rec>(await summary(other.token), 200).alerts, { firing: 1 })
  const reader = await register(server, 'Fleet reader')
  await joinOrganization(server, reader, owner.organizationId, ['devices'])
  assert.equal(expectStatus<Rec>(await summary(reader.token), 200).alerts, { firing: 2 }, 'devices may read alerts')
  const outsider = await register(server, 'Tunnels only')
  await joinOrganization(server, outsider, owner.organizationId, ['tunnels'])
  assert.not.ok('alerts' in expectStatus<Rec>(await summary(outsider.token), 200), 'no count without alerts nor devices')
})

test('refuses a caller without a valid token', async () => {
  for (const token of [undefined, 'not-a-token', 'edk_forged00secret']) {
    const answer = await summary(token)
    assert.is(answer.status, 401, String(token))
    assert.type(answer.body.message, 'string')
    assert.not.ok('devices' in answer.body)
  }
})

test.run()
