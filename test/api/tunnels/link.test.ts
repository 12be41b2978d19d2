import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { LINK_CLOSE, tunnelConnectPath } from '../../../src/contract/tunnels'
import { message } from '../../../src/server/messages'
import { call, createKey, createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { CREDENTIAL_GRACE_S } from '../../../src/contract/enrollment'
import { enrolled, makeKey, renew } from '../enrollment/_enrollment'
import { backdateRenewal, isoAgo, linkDevice, until } from '../../fixtures'
import { LINK_STALE_MS } from '../../../src/server/tunnels/links'
import { echoServer, linkAgent, linked, openSocket, type Refused } from './_link'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

/** A tenant of its own (the plan's tunnels are few) with an enrolled device. */
async function tenantWithDevice(keyOverrides: Rec = {}): Promise<{ tenant: Tenant; device: { id: string; token: string; credentialId: string } }> {
  const tenant = await register(server, 'Linked')
  const key = await makeKey(server, tenant, keyOverrides)
  const device = await enrolled(server, key.secret)
  return { tenant, device: { id: device.id, token: device.credential.secret, credentialId: device.credential.id } }
}

const tunnelOf = async (tenant: Tenant, deviceId: string, overrides: Rec = {}): Promise<Rec> => expectStatus(await tenant.create('tunnels', createTunnel(deviceId, overrides)), 201)

const statusOf = async (tenant: Tenant, id: string) => expectStatus<Rec>(await tenant.get('tunnels', id), 200).status

const refusedWith = (answer: unknown, status: number, key: Parameters<typeof message>[0]) => {
  assert.not.ok(answer instanceof WebSocket, 'the upgrade was refused')
  assert.equal(answer as Refused, { status, body: { message: message(key) } })
}

test('a link without a credential, with a bad, a revoked one or a session token is refused 401 before the upgrade', async () => {
  const { tenant, device } = await tenantWithDevice()
  refusedWith(await linkAgent(server.url), 401, 'credentialRefused')
  refusedWith(await linkAgent(server.url, 'edc_notacredential0000000000000000000000'), 401, 'credentialRefused')
  refusedWith(await linkAgent(server.url, tenant.token), 401, 'credentialRefused')
  expectStatus(await call(server, 'POST', `/devices/${device.id}/credential/revoke`, tenant.token), 200)
  refusedWith(await linkAgent(server.url, device.token), 401, 'credentialRefused')
})

test('a disabled device and one waiting for approval are refused 403 before the upgrade', async () => {
  const { tenant, device } = await tenantWithDevice()
  const record = expectStatus<Rec>(await tenant.get('devices', device.id), 200)
  expectStatus(await tenant.update('devices', device.id, { ...record, enabled: false }), 200)
  refusedWith(await linkAgent(server.url, device.token), 403, 'deviceDisabled')
  const key = await makeKey(server, tenant, { approve: true })
  const pending = await enrolled(server, key.secret)
  refusedWith(await linkAgent(server.url, pending.credential.secret), 403, 'linkPending')
})

test('a linked agent is told its enabled tunnels, which read up while it is linked and down after', async () => {
  const { tenant, device } = await tenantWithDevice()
  const ssh = await tunnelOf(tenant, device.id, { protocol: 'tcp', local_port: 22 })
  const web = await tunnelOf(tenant, device.id, { protocol: 'http', local_port: 8080, target_host: '10.0.0.9' })
  const off = await tunnelOf(tenant, device.id, { enabled: false })
  assert.is(await statusOf(tenant, ssh.id), 'down')
  const agent = await linked(server.url, device.token)
  const config = await agent.config()
  const expected = [
    { id: ssh.id, protocol: 'tcp', host: '127.0.0.1', port: 22 },
    { id: web.id, protocol: 'http', host: '10.0.0.9', port: 8080 },
  ].sort((a, b) => a.id.localeCompare(b.id))
  assert.equal(config, { type: 'tunnels', tunnels: expected })
  assert.is(await until(async () => (await statusOf(tenant, ssh.id)) === 'up' || undefined), true)
  assert.is(await statusOf(tenant, web.id), 'up')
  assert.is(await statusOf(tenant, off.id), 'down')
  assert.ok(server.links.holds(device.id))
  agent.close()
  await until(async () => (await statusOf(tenant, ssh.id)) === 'down' || undefined, { what: 'the tunnel to go down' })
  assert.not.ok(server.links.holds(device.id))
})

test('a second link of the same device replaces the first, which closes 4409', async () => {
  const { tenant, device } = await tenantWithDevice()
  await tunnelOf(tenant, device.id)
  const first = await linked(server.url, device.token)
  await first.config()
  const second = await linked(server.url, device.token)
  assert.is(await first.closing(), LINK_CLOSE.replaced)
  assert.is((await second.config()).tunnels.length, 1)
  assert.is(second.ws.readyState, WebSocket.OPEN)
  assert.ok(server.links.holds(device.id))
  second.close()
})

test('links of one device opened at once, or one closing as the next opens: one stands, and its tunnels read up', async () => {
  const { tenant, device } = await tenantWithDevice()
  const tunnel = await tunnelOf(tenant, device.id)
  const agents = await Promise.all([1, 2, 3].map(() => linked(server.url, device.token)))
  await until(() => agents.filter((agent) => agent.closed).length === 2 || undefined, { what: 'two links to give way' })
  const standing = agents.filter((agent) => !agent.closed)
  assert.is(standing.length, 1)
  assert.ok(agents.every((agent) => !agent.closed || agent.closed.code === LINK_CLOSE.replaced))
  await standing[0]!.config()
  // The standing one leaves as another comes: the newcomer's row is not the leaver's to delete.
  standing[0]!.close()
  const next = await linked(server.url, device.token)
  await next.config()
  await new Promise((resolve) => setTimeout(resolve, 200))
  assert.is(await statusOf(tenant, tunnel.id), 'up')
  assert.ok(server.links.holds(device.id))
  next.close()
  await until(async () => (await statusOf(tenant, tunnel.id)) === 'down' || undefined, { what: 'the tunnel to go down' })
})

test('revoking the credential closes the link 4401; disabling the device closes it 4403', async () => {
  const { tenant, device } = await tenantWithDevice({ max_uses: 2 })
  const agent = await linked(server.url, device.token)
  await agent.config()
  expectStatus(await call(server, 'POST', `/devices/${device.id}/credential/revoke`, tenant.token), 200)
  assert.is(await agent.closing(), LINK_CLOSE.refused)

  const other = await tenantWithDevice()
  const second = await linked(server.url, other.device.token)
  await second.config()
  const record = expectStatus<Rec>(await other.tenant.get('devices', other.device.id), 200)
  expectStatus(await other.tenant.update('devices', other.device.id, { ...record, enabled: false }), 200)
  assert.is(await second.closing(), LINK_CLOSE.disabled)
  const tunnel = await tunnelOf(other.tenant, other.device.id)
  assert.is(await statusOf(other.tenant, tunnel.id), 'down')
})

test('a link whose credential was renewed closes 4409 once the old one lapses, and the agent links again with the new one', async () => {
  const { tenant, device } = await tenantWithDevice()
  const agent = await linked(server.url, device.token)
  await agent.config()
  const renewed = await renew(server, device.token)
  assert.is(renewed.status, 200, renewed.text)
  await backdateRenewal(server, device.credentialId, isoAgo(CREDENTIAL_GRACE_S * 1000 + 1000))
  // A change of the device makes its link look again at once (else within a minute).
  const record = expectStatus<Rec>(await tenant.get('devices', device.id), 200)
  expectStatus(await tenant.update('devices', device.id, { ...record, name: 'Renewed' }), 200)
  assert.is(await agent.closing(), LINK_CLOSE.replaced)
  refusedWith(await linkAgent(server.url, device.token), 401, 'credentialRefused')
  const again = await linked(server.url, renewed.body.secret)
  await again.config()
  again.close()
})

test("a dead process's link rows go once nobody stamps them, and its devices' tunnels read down; a live link's row is stamped and stays", async () => {
  const { tenant, device } = await tenantWithDevice()
  const web = await tunnelOf(tenant, device.id, { protocol: 'http', local_port: 8080 })
  const live = await tenantWithDevice()
  const liveTunnel = await tunnelOf(live.tenant, live.device.id, { protocol: 'http', local_port: 8080 })
  const agent = await linked(server.url, live.device.token)
  await until(async () => (await statusOf(live.tenant, liveTunnel.id)) === 'up', { what: 'the live tunnel up' })
  // A process that stopped short left its row: the tunnel reads up.
  await linkDevice(server, { id: device.id, organizationId: tenant.organizationId }, 'a-process-that-died')
  assert.is(await statusOf(tenant, web.id), 'up')
  // Within the stale time nothing goes; past it, the dead row goes and the stamped one stays.
  await server.links.tend()
  assert.is(await statusOf(tenant, web.id), 'up')
  server.advance(LINK_STALE_MS + 1000)
  await server.links.tend()
  assert.is(await statusOf(tenant, web.id), 'down')
  assert.is(await statusOf(live.tenant, liveTunnel.id), 'up')
  agent.close()
})

test('deleting the device closes its link', async () => {
  const { tenant, device } = await tenantWithDevice()
  const agent = await linked(server.url, device.token)
  await agent.config()
  expectStatus(await tenant.remove('devices', device.id), 200)
  assert.is(await agent.closing(), LINK_CLOSE.refused)
})

test('editing, adding and disabling a tunnel sends the agent its tunnels again', async () => {
  const { tenant, device } = await tenantWithDevice()
  const tunnel = await tunnelOf(tenant, device.id, { local_port: 22 })
  const agent = await linked(server.url, device.token)
  assert.equal((await agent.config(0)).tunnels.map((each) => each.port), [22])
  expectStatus(await tenant.update('tunnels', tunnel.id, { ...tunnel, local_port: 2222 }), 200)
  assert.equal((await agent.config(1)).tunnels.map((each) => each.port), [2222])
  const added = await tunnelOf(tenant, device.id, { local_port: 5432 })
  assert.equal((await agent.config(2)).tunnels.map((each) => each.id).sort(), [tunnel.id, added.id].sort())
  expectStatus(await tenant.update('tunnels', added.id, { ...added, enabled: false }), 200)
  assert.equal((await agent.config(3)).tunnels.map((each) => each.id), [tunnel.id])
  agent.close()
})

test("another organization's device credential never hears of this organization's tunnels", async () => {
  const mine = await tenantWithDevice()
  const theirs = await tenantWithDevice()
  const own = await tunnelOf(theirs.tenant, theirs.device.id, { local_port: 80, protocol: 'http' })
  const agent = await linked(server.url, theirs.device.token)
  assert.equal((await agent.config()).tunnels.map((each) => each.id), [own.id])
  const secret = await tunnelOf(mine.tenant, mine.device.id, { local_port: 22 })
  // A tunnel made in the other organization reaches none of this agent's configs.
  await new Promise((resolve) => setTimeout(resolve, 200))
  assert.not.ok(JSON.stringify(agent.configs).includes(secret.id))
  // A stream to this organization's tunnel through the other device's link is refused by the agent (it knows no such tunnel).
  const refused = await server.links.openStream({ id: secret.id, device_id: theirs.device.id }).then(() => undefined, (error: Error) => error.message)
  assert.is(refused, 'unknown tunnel')
  agent.close()
})

test('a TCP tunnel carries a connection both ways through the link, and the connection is logged', async () => {
  const echo = await echoServer()
  const { tenant, device } = await tenantWithDevice()
  const tunnel = await tunnelOf(tenant, device.id, { protocol: 'tcp', local_port: echo.port })
  const key = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', tenant.token, createKey({ scopes: ['tunnels'] })), 201)
  const agent = await linked(server.url, device.token)
  await agent.config()
  const ws = await openSocket(server.url, tunnelConnectPath(tunnel.id), key.secret)
  assert.ok(ws instanceof WebSocket, JSON.stringify(ws))
  const socket = ws as WebSocket
  let heard = ''
  socket.on('message', (data: Buffer) => (heard += data.toString()))
  socket.send(Buffer.from('hello device'))
  await until(() => heard === 'HELLO DEVICE' || undefined, { what: 'the echo' })
  socket.close()
  await until(() => socket.readyState === WebSocket.CLOSED || undefined)
  const requests = await until(async () => {
    const answer = await call(server, 'GET', `/tunnels/${tunnel.id}/requests`, tenant.token)
    return answer.status === 200 && (answer.body as Rec[]).length ? (answer.body as Rec[]) : undefined
  })
  assert.equal(
    requests.map((each) => [each.kind, each.method, each.status, each.bytes_in, each.bytes_out]),
    [['tcp', '', 0, 12, 12]],
  )
  agent.close()
  await echo.stop()
})

test('disabling a TCP tunnel cuts its open connections', async () => {
  const echo = await echoServer()
  const { tenant, device } = await tenantWithDevice()
  const tunnel = await tunnelOf(tenant, device.id, { protocol: 'tcp', local_port: echo.port })
  const key = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', tenant.token, createKey({ scopes: ['tunnels'] })), 201)
  const agent = await linked(server.url, device.token)
  await agent.config()
  let heard = ''
  const socket = (await openSocket(server.url, tunnelConnectPath(tunnel.id), key.secret, (data) => (heard += data.toString()))) as WebSocket
  socket.send(Buffer.from('ping'))
  await until(() => heard === 'PING' || undefined, { what: 'the echo' })
  expectStatus(await tenant.update('tunnels', tunnel.id, { ...tunnel, enabled: false }), 200)
  await until(() => socket.readyState === WebSocket.CLOSED || undefined, { what: 'the connection to be cut' })
  agent.close()
  await echo.stop()
})

test('a TCP connection is refused before the upgrade: no key 401, no right 403, another organization 404, HTTP or down 409', async () => {
  const { tenant, device } = await tenantWithDevice()
  // A port nothing listens on any more.
  const gone = await echoServer()
  await gone.stop()
  const tcp = await tunnelOf(tenant, device.id, { protocol: 'tcp', local_port: gone.port })
  const web = await tunnelOf(tenant, device.id, { protocol: 'http', local_port: 80 })
  const withRight = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', tenant.token, createKey({ scopes: ['tunnels'] })), 201)
  const without = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', tenant.token, createKey({ scopes: ['devices'] })), 201)
  const other = await register(server, 'Stranger')
  const theirs = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', other.token, createKey({ scopes: ['tunnels'] })), 201)
  const connect = (id: string, token?: string) => openSocket(server.url, tunnelConnectPath(id), token)
  assert.is(((await connect(tcp.id)) as Refused).status, 401)
  assert.is(((await connect(tcp.id, without.secret)) as Refused).status, 403)
  assert.is(((await connect(tcp.id, device.token)) as Refused).status, 403)
  refusedWith(await connect(tcp.id, theirs.secret), 404, 'notFound')
  refusedWith(await connect('no-such-tunnel', withRight.secret), 404, 'notFound')
  refusedWith(await connect(tcp.id, withRight.secret), 409, 'linkDown')
  const agent = await linked(server.url, device.token)
  await agent.config()
  refusedWith(await connect(web.id, withRight.secret), 409, 'linkNotTcp')
  // Linked, but nothing listens on the target: the agent's reason, as a bad gateway.
  const refused = (await connect(tcp.id, withRight.secret)) as Refused
  assert.is(refused.status, 502)
  assert.equal(refused.body, { message: `connection refused by 127.0.0.1:${gone.port}` })
  agent.close()
})

test('an upgrade to any other path is answered 404 and closed', async () => {
  refusedWith(await openSocket(server.url, '/api/no-such-socket'), 404, 'notFound')
})

test.run()
