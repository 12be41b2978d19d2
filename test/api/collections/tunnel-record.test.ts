import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { linkDevice, unlinkDevice } from '../../fixtures'
import { call, createDevice, createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from './_api'

type Rec = Record<string, any>

let server: TestServer
let me: Tenant
let other: Tenant

test.before(async () => {
  server = await startServer({ seedFleet: false })
  ;[me, other] = [await register(server, 'Record'), await register(server, 'Stranger')]
})
test.after(() => server.close())

const newDevice = async (who: Tenant = me, overrides: Rec = {}) => expectStatus<Rec>(await who.create('devices', createDevice(overrides)), 201, 'create device')
const search = async (who: Tenant, q: string) => expectStatus<Rec[]>(await who.list('tunnels', { q, per_page: 100 }), 200).map((row) => row.id)

test('a tunnel reaches 127.0.0.1 unless told another host, which an update that leaves it out keeps', async () => {
  const device = await newDevice()
  const local = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id, { protocol: 'http', local_port: 8080 })), 201)
  assert.equal([local.target_host, local.public_endpoint], ['127.0.0.1', `/t/${local.id}/`])
  const camera = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id, { protocol: 'http', target_host: 'camera-7.lan', local_port: 80 })), 201)
  assert.is(camera.target_host, 'camera-7.lan')
  const { target_host: _dropped, ...without } = camera
  const renamed = expectStatus<Rec>(await me.update('tunnels', camera.id, { ...without, name: 'Camera 7' }), 200)
  assert.equal([renamed.name, renamed.target_host], ['Camera 7', 'camera-7.lan'])
  const moved = expectStatus<Rec>(await me.update('tunnels', camera.id, { ...renamed, target_host: '192.168.4.20' }), 200)
  assert.is(moved.target_host, '192.168.4.20')
  // A URL, a port or a path is not a host.
  for (const target_host of ['http://camera.lan', 'camera.lan:80', 'camera.lan/admin', '', 'a b']) {
    const refused = await me.create('tunnels', createTunnel(device.id, { target_host }))
    assert.is(refused.status, 400, target_host)
    assert.ok(refused.body.errors?.target_host, JSON.stringify(refused.body))
  }
})

test('the address follows the protocol, in the record and in what search reads', async () => {
  const device = await newDevice()
  const tunnel = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id, { protocol: 'tcp' })), 201)
  assert.is(tunnel.public_endpoint, `tcp:${tunnel.id}`)
  assert.equal(await search(me, `tcp:${tunnel.id}`), [tunnel.id])
  const web = expectStatus<Rec>(await me.update('tunnels', tunnel.id, { ...tunnel, protocol: 'http' }), 200)
  assert.is(web.public_endpoint, `/t/${tunnel.id}/`)
  assert.equal(await search(me, `/t/${tunnel.id}/`), [tunnel.id])
  assert.equal(await search(me, `tcp:${tunnel.id}`), [])
  // Search finds a tunnel by its target too, and never another organization's.
  const target = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id, { target_host: 'printer-3.lan' })), 201)
  assert.equal(await search(me, 'PRINTER-3'), [target.id])
  assert.equal(await search(other, 'printer-3'), [])
  assert.equal(await search(other, tunnel.id), [])
})

test('a tunnel is up only while enabled, its device enabled and its agent linked', async () => {
  const device = await newDevice()
  const tunnel = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id)), 201)
  const status = async () => expectStatus<Rec>(await me.get('tunnels', tunnel.id), 200).status
  const listedUp = async () => expectStatus<Rec[]>(await call(server, 'GET', '/tunnels/?filter[status]=up&per_page=100', me.token), 200).map((row) => row.id)
  assert.is(await status(), 'down', 'no agent linked')
  await linkDevice(server, { id: device.id, organizationId: me.organizationId })
  assert.is(await status(), 'up')
  assert.ok((await listedUp()).includes(tunnel.id))
  // Another device's link does nothing for it.
  const elsewhere = await newDevice(other)
  await linkDevice(server, { id: elsewhere.id, organizationId: other.organizationId })
  const off = expectStatus<Rec>(await me.update('tunnels', tunnel.id, { ...tunnel, enabled: false }), 200)
  assert.is(off.status, 'down')
  assert.not.ok((await listedUp()).includes(tunnel.id))
  const on = expectStatus<Rec>(await me.update('tunnels', tunnel.id, { ...off, enabled: true }), 200)
  assert.is(on.status, 'up')
  const current = expectStatus<Rec>(await me.get('devices', device.id), 200)
  expectStatus(await me.update('devices', device.id, { ...current, enabled: false }), 200)
  assert.is(await status(), 'down', 'its device disabled')
  const disabled = expectStatus<Rec>(await me.get('devices', device.id), 200)
  expectStatus(await me.update('devices', device.id, { ...disabled, enabled: true }), 200)
  await unlinkDevice(server, device.id)
  assert.is(await status(), 'down', 'its agent gone')
})

test('the export writes each tunnel’s target', async () => {
  // A fresh organization: the free plan's five tunnels are taken above.
  const fresh = await register(server, 'Export')
  const device = await newDevice(fresh)
  const tunnel = expectStatus<Rec>(await fresh.create('tunnels', createTunnel(device.id, { target_host: '10.1.2.3', local_port: 502 })), 201)
  const answer = await call(server, 'GET', `/tunnels/export?format=csv`, fresh.token)
  assert.is(answer.status, 200)
  const [header, line] = answer.text.trim().split('\n')
  const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, line!.split(',')[index]]))
  assert.equal([cells.id, cells.target_host, cells.public_endpoint, cells.local_port], [tunnel.id, '10.1.2.3', `tcp:${tunnel.id}`, '502'])
})

test.run()
