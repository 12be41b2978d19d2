// The device's agent against a console that asks for more than its tunnels allow: the real agent
// (`run`) links to a console speaking the real wire, which opens streams naming another tunnel, or
// a host of its own, and closes the link as the console does when it refuses or replaces it.
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { WebSocketServer, type WebSocket } from 'ws'
import { streamDuplex } from '../../../src/contract/tunnel-duplex'
import { Mux, type MuxStream } from '../../../src/contract/tunnel-wire'
import { AGENT_LINK_PATH, LINK_CLOSE, type LinkConfig } from '../../../src/contract/tunnels'
import { until } from '../../fixtures'
import { agentBuild, killAgents, startAgent, type RunningAgent } from '../_agent'
import { closedPort, echoServer, type Echo } from './_tcp'

const SECRET = 'edc_linktest_0123456789abcdef'

interface Linked {
  ws: WebSocket
  mux: Mux
  authorization: string | undefined
}

/** A console of the wire alone: answers heartbeats, takes links (or refuses them with `refusal`), and hands each to the test. */
async function wireConsole() {
  const links: Linked[] = []
  let refusal: number | undefined
  const web = http.createServer((req, res) => {
    req.resume()
    res.writeHead(204).end()
  })
  const wss = new WebSocketServer({ noServer: true })
  web.on('upgrade', (req, socket, head) => {
    if (req.url !== AGENT_LINK_PATH) return socket.destroy()
    if (refusal) return socket.end(`HTTP/1.1 ${refusal} Refused\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"message":"refused here"}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      const mux = new Mux({ send: (frame) => ws.send(frame), initiator: true })
      ws.on('message', (data: Buffer) => mux.receive(data))
      ws.on('close', () => mux.close('closed'))
      links.push({ ws, mux, authorization: req.headers.authorization })
    })
  })
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(web.address() as net.AddressInfo).port}`,
    links,
    refuse: (status: number | undefined) => (refusal = status),
    close: () => {
      for (const client of wss.clients) client.terminate()
      web.close()
    },
  }
}

let build: string
let home: string
let echo: Echo
let bystander: Echo
let fake: Awaited<ReturnType<typeof wireConsole>>

/** The agent linked to the fake console from a state file naming it. */
function runAgent(name: string): RunningAgent {
  const state = path.join(home, name, 'credential.json')
  fs.mkdirSync(path.dirname(state), { recursive: true, mode: 0o700 })
  const credential = { id: 'c-1', device_id: 'dev-1', prefix: 'edc_linktest', created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), last_used_at: null, revoked_at: null, secret: SECRET }
  fs.writeFileSync(state, JSON.stringify({ url: fake.url, device_id: 'dev-1', credential }), { mode: 0o600 })
  return startAgent(process.execPath, [path.join(build, 'agent.mjs'), 'run', '--state', state, '--every', '3600'], home)
}

/** Opens a stream with `header`: its bytes back once it ends, or the reason it was reset. */
function ask(mux: Mux, header: unknown, bytes: Buffer): Promise<{ accepted: boolean; reset?: string; back: Buffer }> {
  return new Promise((resolve) => {
    const stream: MuxStream = mux.open(header)
    let accepted = false
    stream.onaccept = () => {
      accepted = true
      const duplex = streamDuplex(stream)
      const chunks: Buffer[] = []
      duplex.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        if (Buffer.concat(chunks).length >= bytes.length) duplex.end()
      })
      duplex.on('error', (error) => resolve({ accepted, reset: error.message, back: Buffer.concat(chunks) }))
      duplex.on('end', () => resolve({ accepted, back: Buffer.concat(chunks) }))
      duplex.write(bytes)
    }
    stream.onreset = (reason) => resolve({ accepted, reset: reason, back: Buffer.alloc(0) })
  })
}

test.before(async () => {
  build = await agentBuild()
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'link-home-'))
  echo = await echoServer()
  bystander = await echoServer()
  fake = await wireConsole()
})

test.after(() => {
  killAgents()
  fake?.close()
  echo?.close()
  bystander?.close()
  fs.rmSync(home, { recursive: true, force: true })
})

test('the agent reaches its tunnels\' targets and nothing else: another tunnel, a host in the header, a refused target', async () => {
  const agent = runAgent('targets')
  const link = await until(() => fake.links[0], { timeoutMs: 15_000, what: `the agent's link (it said: ${agent.output()})` })
  assert.is(link.authorization, `Bearer ${SECRET}`)
  const refusedPort = await closedPort()
  const config: LinkConfig = {
    type: 'tunnels',
    tunnels: [
      { id: 'tun-echo', protocol: 'tcp', host: '127.0.0.1', port: echo.port },
      { id: 'tun-closed', protocol: 'tcp', host: '127.0.0.1', port: refusedPort },
    ],
  }
  link.mux.control(config)
  const hello = Buffer.from('hello through the tunnel')
  const reached = await ask(link.mux, { tunnel: 'tun-echo' }, hello)
  assert.equal([reached.accepted, reached.back.toString()], [true, hello.toString()])

  assert.equal(await ask(link.mux, { tunnel: 'tun-elsewhere' }, hello), { accepted: false, reset: 'unknown tunnel', back: Buffer.alloc(0) })
  assert.equal(await ask(link.mux, { host: '127.0.0.1', port: bystander.port }, hello), { accepted: false, reset: 'unknown tunnel', back: Buffer.alloc(0) })
  // A host and port in the header are not followed: the tunnel's own target answers.
  const steered = await ask(link.mux, { tunnel: 'tun-echo', host: '127.0.0.1', port: bystander.port }, hello)
  assert.equal([steered.accepted, steered.back.toString()], [true, hello.toString()])
  assert.is(bystander.accepted(), 0, 'nothing reached a host the config did not name')
  const refused = await ask(link.mux, { tunnel: 'tun-closed' }, hello)
  assert.equal([refused.accepted, refused.reset], [false, `connection refused by 127.0.0.1:${refusedPort}`])

  // A tunnel dropped from the config is no longer reached.
  link.mux.control({ type: 'tunnels', tunnels: [] } satisfies LinkConfig)
  assert.equal(await ask(link.mux, { tunnel: 'tun-echo' }, hello), { accepted: false, reset: 'unknown tunnel', back: Buffer.alloc(0) })
  assert.match(agent.output(), /link up/)
  assert.not.match(agent.output(), new RegExp(SECRET))

  // The console closes the link as when it stops: the agent comes back.
  link.ws.close(LINK_CLOSE.stopping, 'stopping')
  await until(() => fake.links.length === 2, { timeoutMs: 10_000, what: `the agent back (it said: ${agent.output()})` })
  assert.match(agent.output(), /link down: closed 1001 \(stopping\); retrying in \d+ s/)

  // A refused credential on the link stops the agent with exit code 3, as a refused heartbeat does.
  fake.links[1]!.ws.close(LINK_CLOSE.refused, 'refused')
  assert.equal(await agent.exited, { code: 3, signal: null }, agent.output())
  assert.match(agent.output(), /link refused: closed 4401/)
})

test('a 401 before the upgrade stops the agent with exit code 3; a 403 waits a minute; SIGTERM ends it at once', async () => {
  fake.refuse(401)
  const refused = runAgent('refused')
  assert.equal(await refused.exited, { code: 3, signal: null }, refused.output())
  assert.match(refused.output(), /link refused: the console answered 401 \(refused here\)/)

  fake.refuse(403)
  const disabled = runAgent('disabled')
  await until(() => /link down: the console answered 403 \(refused here\); retrying in 60 s/.test(disabled.output()), { timeoutMs: 10_000, what: `the wait (it said: ${disabled.output()})` })
  fake.refuse(undefined)
  disabled.process.kill('SIGTERM')
  assert.equal(await disabled.exited, { code: 0, signal: null }, disabled.output())
})

test.run()
