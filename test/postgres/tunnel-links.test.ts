import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LINK_CLOSE, tunnelConnectPath } from '../../src/contract/tunnels'
import { message } from '../../src/server/messages'
import { call, client, createKey, createTunnel, expectStatus, register, type TestServer } from '../api/collections/_api'
import { enrolled, makeKey } from '../api/enrollment/_enrollment'
import { linked, openSocket, type Refused } from '../api/tunnels/_link'
import { until } from '../fixtures'
import { startPair } from './_pair'

type Rec = Record<string, any>

// Two processes of one console: an agent's link is held by one, and what the other does reaches it.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair())
})
test.after(() => stop())

async function linkedOnA() {
  const owner = await register(a, 'Two processes')
  const key = await makeKey(a, owner)
  const device = await enrolled(a, key.secret)
  const tunnel = expectStatus<Rec>(await owner.create('tunnels', createTunnel(device.id, { protocol: 'tcp' })), 201)
  const agent = await linked(a.url, device.credential.secret)
  await agent.config()
  await until(async () => expectStatus<Rec>(await owner.get('tunnels', tunnel.id), 200).status === 'up' || undefined)
  return { owner, device, tunnel, agent }
}

test("a newer link of the device on the other process replaces this one's (4409); the tunnel stays up", async () => {
  const { owner, device, tunnel, agent } = await linkedOnA()
  const newer = await linked(b.url, device.credential.secret)
  await newer.config()
  assert.is(await agent.closing(), LINK_CLOSE.replaced)
  await new Promise((resolve) => setTimeout(resolve, 200))
  assert.is(expectStatus<Rec>(await owner.get('tunnels', tunnel.id), 200).status, 'up')
  assert.equal([a.links.holds(device.id), b.links.holds(device.id)], [false, true])
  newer.close()
})

test('revoking the credential on the other process closes the link 4401', async () => {
  const { owner, device, agent } = await linkedOnA()
  expectStatus(await call(b, 'POST', `/devices/${device.id}/credential/revoke`, owner.token), 200)
  assert.is(await agent.closing(), LINK_CLOSE.refused)
})

test('disabling the device on the other process closes the link 4403', async () => {
  const { owner, device, agent } = await linkedOnA()
  const onB = client(b, owner.token)
  const record = expectStatus<Rec>(await onB.get('devices', device.id), 200)
  expectStatus(await onB.update('devices', device.id, { ...record, enabled: false }), 200)
  assert.is(await agent.closing(), LINK_CLOSE.disabled)
})

test('a TCP connection asked of the process without the link is refused 409 (forwarding comes later)', async () => {
  const { owner, tunnel, agent } = await linkedOnA()
  const key = expectStatus<Rec>(await call(a, 'POST', '/access_keys/', owner.token, createKey({ scopes: ['tunnels'] })), 201)
  const refused = (await openSocket(b.url, tunnelConnectPath(tunnel.id), key.secret)) as Refused
  assert.equal(refused, { status: 409, body: { message: message('linkElsewhere') } })
  agent.close()
})

test.run()
