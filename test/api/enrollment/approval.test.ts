import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { EPHEMERAL_AFTER_S } from '../../../src/contract/enrollment'
import { message } from '../../../src/server/messages'
import { call, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { actionsOf, backdateDevice, credentialsOf, deviceRow, heartbeatCountOf, isoAgo, setDeviceStatus } from '../../fixtures'
import { beat, enrolled, makeKey } from './_enrollment'

let server: TestServer
let owner: Tenant

test.before(async () => {
  server = await startServer()
  owner = await register(server, 'Approver')
})
test.after(() => server.close())

test("a key that asks for approval holds its devices' heartbeats until one is approved (202, nothing kept)", async () => {
  const key = await makeKey(server, owner, { approve: true })
  const device = await enrolled(server, key.secret)
  assert.is(device.body.device.status, 'pending')
  const held = await beat(server, device.credential.secret, device.id)
  assert.equal([held.status, held.body], [202, { status: 'pending' }])
  assert.is(await heartbeatCountOf(server, device.id), 0)
  const waiting = await call(server, 'GET', `/devices/${device.id}`, owner.token)
  assert.equal([waiting.body.status, waiting.body.last_seen, waiting.body.ip], ['pending', null, ''])
  const listed = await call(server, 'GET', '/devices/?filter[status]=pending', owner.token)
  assert.equal(listed.body.map((row: { id: string }) => row.id), [device.id])
  const approved = await call(server, 'POST', `/devices/${device.id}/approve`, owner.token)
  assert.equal([approved.status, approved.body.status, approved.body.version], [200, 'provisioning', waiting.body.version + 1])
  const counted = await beat(server, device.credential.secret, device.id)
  assert.equal([counted.status, counted.body.status], [200, 'online'])
  assert.is(await heartbeatCountOf(server, device.id), 1)
  const again = await call(server, 'POST', `/devices/${device.id}/approve`, owner.token)
  assert.equal([again.status, again.body.message], [409, message('notPending')])
  assert.equal(await actionsOf(server, device.id), ['enroll', 'approve'])
})

test('a refused pending device is removed with its credential; only a pending one is refused', async () => {
  const key = await makeKey(server, owner, { approve: true, max_uses: 2 })
  const device = await enrolled(server, key.secret)
  const refused = await call(server, 'POST', `/devices/${device.id}/refuse`, owner.token)
  assert.equal([refused.status, refused.body.id], [200, device.id])
  assert.is((await call(server, 'GET', `/devices/${device.id}`, owner.token)).status, 404)
  assert.equal(await credentialsOf(server, device.id), [])
  assert.is((await beat(server, device.credential.secret, device.id)).status, 401)
  const other = await enrolled(server, key.secret)
  assert.is((await call(server, 'POST', `/devices/${other.id}/approve`, owner.token)).status, 200)
  assert.is((await call(server, 'POST', `/devices/${other.id}/refuse`, owner.token)).status, 409)
})

test("approving or refusing another organization's device is 404, and needs the right devices", async () => {
  const key = await makeKey(server, owner, { approve: true })
  const device = await enrolled(server, key.secret)
  const stranger = await register(server, 'Stranger')
  for (const action of ['approve', 'refuse']) assert.is((await call(server, 'POST', `/devices/${device.id}/${action}`, stranger.token)).status, 404, action)
  const beats = await call(server, 'POST', '/access_keys/', owner.token, { name: 'Beats only', scopes: ['heartbeat'], expires_in_days: 30 })
  assert.is((await call(server, 'POST', `/devices/${device.id}/approve`, beats.body.secret)).status, 403)
  assert.is((await call(server, 'GET', `/devices/${device.id}`, owner.token)).body.status, 'pending')
})

test('an ephemeral device silent too long is removed by the sweep, with its trail entry; a device heard lately stays', async () => {
  const key = await makeKey(server, owner, { ephemeral: true, max_uses: 3 })
  const silent = await enrolled(server, key.secret)
  const neverSeen = await enrolled(server, key.secret)
  const lively = await enrolled(server, key.secret)
  const lasting = await makeKey(server, owner)
  const kept = await enrolled(server, lasting.secret)
  const longAgo = isoAgo((EPHEMERAL_AFTER_S + 60) * 1000)
  assert.is((await beat(server, silent.credential.secret, silent.id)).status, 200)
  await backdateDevice(server, silent.id, longAgo)
  await backdateDevice(server, neverSeen.id, longAgo)
  await backdateDevice(server, kept.id, longAgo)
  await backdateDevice(server, lively.id, longAgo)
  assert.is((await beat(server, lively.credential.secret, lively.id)).status, 200)
  await setDeviceStatus(server, silent.id, 'offline', longAgo)
  await server.sweep()
  assert.equal([!!(await deviceRow(server, silent.id)), !!(await deviceRow(server, neverSeen.id)), !!(await deviceRow(server, lively.id)), !!(await deviceRow(server, kept.id))], [false, false, true, true])
  assert.equal((await actionsOf(server, silent.id)).at(-1), 'remove_ephemeral')
})

test.run()
