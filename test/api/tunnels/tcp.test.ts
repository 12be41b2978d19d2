// TCP through a tunnel as an operator reaches SSH: the real agent runs on the device's side (`run`)
// and in client mode on the operator's (`connect`), against a real console, to an echo server on
// loopback standing for the device's service.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { TunnelRequest } from '../../../src/contract/tunnels'
import { until } from '../../fixtures'
import { agentBuild, killAgents, makeEnrollmentKey, startAgent, type RunningAgent } from '../_agent'
import { call, createKey, createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { echoServer, listeningPort, roundTrip, type Echo } from './_tcp'

let server: TestServer
let build: string
let dataDir: string
let home: string
let owner: Tenant
let echo: Echo
let tunnelId: string
let ownerKey: string
let deviceId: string
let device: RunningAgent

const agentJs = () => path.join(build, 'agent.mjs')

/** The agent in client mode for `tunnel` with `key`, once it says where it listens. */
async function connectMode(tunnel: string, key: string): Promise<{ agent: RunningAgent; port: number }> {
  const agent = startAgent(process.execPath, [agentJs(), 'connect', tunnel, '--url', server.url, '--key', key, '--listen', '127.0.0.1:0'], home)
  return { agent, port: await listeningPort(agent) }
}

test.before(async () => {
  build = await agentBuild()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcp-data-'))
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'tcp-home-'))
  server = await startServer({ dataDir, agentDir: build })
  owner = await register(server, 'Tunnel owner')
  echo = await echoServer()
  // The device joins with the real agent, then runs from its state file.
  const enrollmentKey = await makeEnrollmentKey(server, owner.token, { name: 'tcp tunnels' })
  const state = path.join(home, 'device', 'credential.json')
  const enrolled = startAgent(process.execPath, [agentJs(), 'enroll', '--url', server.url, '--key', enrollmentKey.secret, '--serial', 'TCP-0001', '--state', state, '--once'], home)
  assert.equal(await enrolled.exited, { code: 0, signal: null }, enrolled.output())
  deviceId = (JSON.parse(fs.readFileSync(state, 'utf8')) as { device_id: string }).device_id
  const tunnel = expectStatus(await owner.create('tunnels', createTunnel(deviceId, { protocol: 'tcp', target_host: '127.0.0.1', local_port: echo.port })), 201, 'tunnel')
  tunnelId = tunnel.id
  assert.is(tunnel.public_endpoint, `tcp:${tunnel.id}`)
  device = startAgent(process.execPath, [agentJs(), 'run', '--state', state, '--every', '30'], home)
  await until(async () => (await owner.get('tunnels', tunnelId)).body.status === 'up', { timeoutMs: 15_000, what: `the tunnel up (agent said: ${device.output()})` })
  assert.match(device.output(), /link up/)
  ownerKey = expectStatus(await owner.create('access_keys', createKey({ scopes: ['tunnels'] })), 201, 'key').secret
})

test.after(async () => {
  killAgents()
  await server?.close()
  echo?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(home, { recursive: true, force: true })
})

test('1 MB each way through a TCP tunnel comes back intact, on two connections at once, and each is logged', async () => {
  const { agent, port } = await connectMode(tunnelId, ownerKey)
  assert.match(agent.output(), new RegExp(`Listening on 127\\.0\\.0\\.1:${port} for tunnel Test tunnel .* \\(${tunnelId}\\)`))
  const sent = [randomBytes(1024 * 1024), randomBytes(1024 * 1024)]
  const received = await Promise.all(sent.map((bytes) => roundTrip(port, bytes)))
  assert.ok(received[0]!.equals(sent[0]!), 'the first connection\'s bytes came back intact')
  assert.ok(received[1]!.equals(sent[1]!), 'the second connection\'s bytes came back intact')
  const logged = await until(async () => {
    const requests = expectStatus<TunnelRequest[]>(await call(server, 'GET', `/tunnels/${tunnelId}/requests`, owner.token), 200)
    return requests.length >= 2 && requests.every((request) => request.bytes_in > 0 && request.bytes_out > 0) ? requests : undefined
  }, { timeoutMs: 15_000, what: 'the two connections in the tunnel\'s log' })
  for (const request of logged.slice(0, 2)) {
    assert.equal([request.kind, request.method, request.path, request.status, request.error], ['tcp', '', '', 0, ''])
    assert.is(request.bytes_in, 1024 * 1024)
    assert.is(request.bytes_out, 1024 * 1024)
  }
  assert.not.match(agent.output(), /edk_[A-Za-z0-9]+_/, 'no key in its log')
})

test('a caller that does not read holds the device\'s side back: what it takes stays bounded, and every byte comes back once it reads', async () => {
  const { port } = await connectMode(tunnelId, ownerKey)
  const chunk = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, index) => index % 251))
  const total = 96 * chunk.length
  const before = echo.read()
  const socket = net.connect(port, '127.0.0.1')
  socket.pause()
  let written = 0
  const writeMore = () => {
    while (written < total) {
      written += chunk.length
      if (!socket.write(chunk)) return void socket.once('drain', writeMore)
    }
  }
  writeMore()
  // The bytes the device's service takes stop growing while nobody reads what it sends back.
  let last = -1
  const held = await until(() => {
    const now = echo.read() - before
    const still = now > 0 && now === last
    last = now
    return still ? now : undefined
  }, { everyMs: 1000, timeoutMs: 60_000, what: 'the flow to stop' })
  assert.ok(held < total / 2, `${held} of ${total} bytes taken with nobody reading`)
  const back = createHash('sha256')
  let received = 0
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      back.update(data)
      received += data.length
      if (received >= total) resolve()
    })
    socket.on('error', reject)
    socket.resume()
  })
  socket.destroy()
  const sent = createHash('sha256')
  for (let n = 0; n < total / chunk.length; n++) sent.update(chunk)
  assert.is(back.digest('hex'), sent.digest('hex'))
})

test('client mode is refused a key without the right tunnels, another organization\'s tunnel and an unknown one; it says why and keeps listening', async () => {
  const devicesOnly = expectStatus(await owner.create('access_keys', createKey({ scopes: ['devices'] })), 201, 'key').secret
  const heard = echo.accepted()
  const stranger = await register(server, 'Stranger')
  const strangersKey = expectStatus(await stranger.create('access_keys', createKey({ scopes: ['tunnels'] })), 201, 'key').secret
  for (const [tunnel, key, status] of [[tunnelId, devicesOnly, 403], [tunnelId, strangersKey, 404], ['no-such-tunnel', ownerKey, 404]] as const) {
    const { agent, port } = await connectMode(tunnel, key)
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await roundTrip(port, Buffer.from('SSH-2.0-test\r\n'))
      assert.is(answer.length, 0, 'nothing comes back')
      await until(() => agent.output().split(`refused the connection (${status})`).length > attempt + 1, { what: `refusal ${status} said (agent said: ${agent.output()})` })
    }
    agent.process.kill('SIGTERM')
    assert.equal(await agent.exited, { code: 0, signal: null })
  }
  assert.is(echo.accepted(), heard, 'no refused connection reached the device\'s service')
})

test('client mode cannot listen on a taken address: it says so and exits 1', async () => {
  const taken = await echoServer()
  const { port } = taken
  const agent = startAgent(process.execPath, [agentJs(), 'connect', tunnelId, '--url', server.url, '--key', ownerKey, '--listen', `127.0.0.1:${port}`], home)
  assert.equal(await agent.exited, { code: 1, signal: null }, agent.output())
  assert.match(agent.output(), new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}`))
  taken.close()
})

test('the console restarting: the agent links again on its own, the tunnel reads up and carries bytes again', async () => {
  const port = server.port
  await server.close()
  await until(() => /link down/.test(device.output()), { timeoutMs: 10_000, what: `the agent to notice (it said: ${device.output()})` })
  server = await startServer({ dataDir, agentDir: build, port })
  await until(async () => (await owner.get('tunnels', tunnelId)).body.status === 'up', { timeoutMs: 20_000, what: `the tunnel up again (agent said: ${device.output()})` })
  const { agent, port: local } = await connectMode(tunnelId, ownerKey)
  const bytes = randomBytes(64 * 1024)
  assert.ok((await roundTrip(local, bytes)).equals(bytes), 'the bytes came back intact after the restart')
  agent.process.kill('SIGTERM')
})

test('revoking the device\'s credential drops its link at once: the agent stops with exit code 3, the tunnel is down and refused', async () => {
  const { agent, port } = await connectMode(tunnelId, ownerKey)
  expectStatus(await call(server, 'POST', `/devices/${deviceId}/credential/revoke`, owner.token, {}), 200)
  // Heartbeats come every 30 s: the link alone tells the agent, long before the next one.
  assert.equal(await device.exited, { code: 3, signal: null }, device.output())
  assert.match(device.output(), /link refused/)
  await until(async () => (await owner.get('tunnels', tunnelId)).body.status === 'down', { what: 'the tunnel down' })
  const heard = echo.accepted()
  assert.is((await roundTrip(port, Buffer.from('SSH-2.0-test\r\n'))).length, 0)
  await until(() => /refused the connection \(409\)/.test(agent.output()), { what: `the refusal said (agent said: ${agent.output()})` })
  assert.is(echo.accepted(), heard)
})

test.run()
