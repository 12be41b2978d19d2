import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { insertHeartbeats } from '../fixtures'
import { call, client, createDevice, createHeartbeat, createKey, expectStatus, limitRights, register, startServer, type Client, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>
type Run = { status: string; from: string; to: string | null }

const MIN = 60_000

let server: TestServer

test.before(async () => {
  server = await startServer({ offlineAfterS: 60 })
})
test.after(() => server.close())

const timeline = (caller: { token: string }, id: string, range?: string) =>
  call(server, 'GET', `/devices/${encodeURIComponent(id)}/timeline${range ? `?range=${range}` : ''}`, caller.token)

/** A fresh organization with one device and a key that sends its heartbeats. */
async function fleet(): Promise<{ user: Tenant; device: Rec; key: Client }> {
  const user = await register(server, 'Timeline')
  const device = expectStatus<Rec>(await user.create('devices', createDevice()), 201)
  const issued = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  return { user, device, key: client(server, issued.secret) }
}

const at = (ms: number) => new Date(ms).toISOString()
const minutes = (run: Run) => ((run.to ? Date.parse(run.to) : NaN) - Date.parse(run.from)) / MIN

test('tells online and error runs from the heartbeats, and offline after a silence', async () => {
  const { user, device, key } = await fleet()
  const created = Date.parse(device.created_at)
  server.advance(180 * MIN)
  const beats: [number, string][] = [
    [10, 'online'],
    [11, 'online'],
    [12, 'error'],
    [13, 'error'],
    [14, 'online'],
    [60, 'online'],
    [61, 'online'],
  ]
  await insertHeartbeats(server, beats.map(([minute, status]) => ({ deviceId: device.id, organizationId: user.organizationId, at: created + minute * MIN, status })))
  const runs = expectStatus<Run[]>(await timeline(key, device.id), 200)
  assert.equal(runs, [
    { status: 'offline', from: at(created), to: at(created + 10 * MIN) },
    { status: 'online', from: at(created + 10 * MIN), to: at(created + 12 * MIN) },
    { status: 'error', from: at(created + 12 * MIN), to: at(created + 14 * MIN) },
    { status: 'online', from: at(created + 14 * MIN), to: at(created + 15 * MIN) },
    { status: 'offline', from: at(created + 15 * MIN), to: at(created + 60 * MIN) },
    { status: 'online', from: at(created + 60 * MIN), to: at(created + 62 * MIN) },
    { status: 'offline', from: at(created + 62 * MIN), to: null },
  ])
  assert.equal(expectStatus(await timeline(key, device.id, '7d'), 200), runs, 'a week holds the same runs')
})

test('a device disabled and enabled again through the API shows a disabled run', async () => {
  const { user, device, key } = await fleet()
  server.advance(MIN)
  expectStatus(await key.heartbeat(device.id, createHeartbeat()), 200)
  server.advance(5 * MIN)
  const current = expectStatus<Rec>(await user.get('devices', device.id), 200)
  const disabled = expectStatus<Rec>(await user.update('devices', device.id, { ...current, enabled: false }), 200)
  server.advance(10 * MIN)
  expectStatus(await key.heartbeat(device.id, createHeartbeat()), 403, 'a disabled device beats in vain')
  expectStatus(await user.update('devices', device.id, { ...disabled, enabled: true }), 200)
  server.advance(MIN)
  expectStatus(await key.heartbeat(device.id, createHeartbeat()), 200)
  const runs = expectStatus<Run[]>(await timeline(user, device.id), 200)
  assert.equal(runs.map((run) => run.status), ['offline', 'online', 'offline', 'disabled', 'offline', 'online'])
  assert.ok(Math.abs(minutes(runs[3]!) - 10) < 0.1, `disabled for ${minutes(runs[3]!)} min`)
  assert.is(runs.at(-1)!.to, null, 'the last run still goes')
  for (const [index, run] of runs.entries()) if (index) assert.is(run.from, runs[index - 1]!.to, 'each run starts where the one before ends')
})

test('starts with the status the beat before the range left, and merges runs of one status', async () => {
  const { user, device, key } = await fleet()
  const created = Date.parse(device.created_at)
  server.advance(25 * 60 * MIN)
  const now = created + 25 * 60 * MIN
  // Every 30 s across the range's start: one online run from the start of the day on.
  const beats = Array.from({ length: 40 }, (_, index) => ({ deviceId: device.id, organizationId: user.organizationId, at: now - 24 * 60 * MIN - 10 * MIN + index * 30_000 }))
  await insertHeartbeats(server, beats)
  const runs = expectStatus<Run[]>(await timeline(key, device.id), 200)
  assert.equal(runs.map((run) => run.status), ['online', 'offline'])
  assert.ok(Math.abs(Date.parse(runs[0]!.from) - (now - 24 * 60 * MIN)) < 5_000, 'online from the range start')
})

test("answers 404 for another organization's device and for an unknown id", async () => {
  const { device } = await fleet()
  const stranger = await register(server, 'Stranger')
  for (const id of [device.id, 'no-such-device', 'x'.repeat(100)]) {
    const answer = await timeline(stranger, id)
    assert.equal([answer.status, answer.body], [404, { message: 'Not found' }], id.slice(0, 20))
  }
})

test('answers 403 without the devices right, 401 without a token, 400 for an unknown range', async () => {
  const { user, device } = await fleet()
  const narrow = expectStatus<Rec>(await user.create('access_keys', createKey({ scopes: ['tunnels'] })), 201)
  assert.is((await timeline(client(server, narrow.secret), device.id)).status, 403, 'a key without devices')
  assert.is((await call(server, 'GET', `/devices/${device.id}/timeline`)).status, 401)
  const bad = await timeline(user, device.id, '1y')
  assert.equal([bad.status, bad.body.errors], [400, { range: 'Invalid value' }])
  await limitRights(server, user.email, ['tunnels'])
  const refused = await timeline(user, device.id)
  assert.equal([refused.status, refused.body], [403, { message: 'This needs the Edge & Devices right', rights: ['devices'] }])
})

test.run()
