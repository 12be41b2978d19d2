// Tunnels bench (printed, asserts nothing): one device's real agent linked to the console, an HTTP
// server on loopback standing for its web page and a TCP echo server for its SSH. Prints the
// throughput through an HTTP tunnel against the same server reached directly, the latency a small
// request gains, 100 requests at once over the one link, a TCP tunnel's echo throughput through
// the agent in client mode, and the console's and the agent's CPU per MB carried.
// `node test/bench/tunnels.mjs` after `node build.mjs` (MB=64 sets the size of a transfer).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuMs, freePort, machine, root, signIn, startServer } from './bench-fleet.mjs'

const MB = Number(process.env.MB) || 64
const SMALL = Number(process.env.SMALL) || 500
const AT_ONCE = 100
const CHUNK = Buffer.alloc(64 * 1024, 7)

/** A JSON call to the console; fails on an answer outside 2xx. */
async function call(url, method, path, body, token) {
  const answer = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`)
  return answer.status === 204 ? undefined : answer.json()
}

/** Waits until `check` answers true, trying every 100 ms for `ms`. */
async function until(check, ms, what) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The device's web page: `/small` answers two bytes, `/big?mb=N` N MB, `POST /sink` reads what it is sent. */
function startTarget() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://target')
    if (url.pathname === '/small') return res.end('ok')
    if (url.pathname === '/big') {
      let left = Number(url.searchParams.get('mb')) * 16
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(left * CHUNK.length) })
      const more = () => {
        while (left > 0) {
          left--
          if (!res.write(CHUNK)) return res.once('drain', more)
        }
        res.end()
      }
      return more()
    }
    let bytes = 0
    req.on('data', (chunk) => (bytes += chunk.length))
    req.on('end', () => res.end(String(bytes)))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** A TCP echo server: what it reads it writes back. */
function startEcho() {
  const server = net.createServer((socket) => socket.pipe(socket))
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * One GET or POST; resolves with its status, the bytes read and its time in ms. A tunnel's own host
 * (`<id>.localhost:<port>`, which browsers take for this machine) is reached on 127.0.0.1 by name.
 */
function request(agent, address, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const began = performance.now()
    const url = new URL(address)
    const local = url.hostname.endsWith('.localhost')
    const target = { host: local ? '127.0.0.1' : url.hostname, port: url.port, path: `${url.pathname}${url.search}` }
    const req = http.request({ ...target, method, agent, headers: { ...headers, ...(local ? { Host: url.host } : {}) } }, (res) => {
      let bytes = 0
      res.on('data', (chunk) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, ms: performance.now() - began }))
    })
    req.on('error', reject)
    if (typeof body === 'number') {
      let left = body * 16
      const more = () => {
        while (left > 0) {
          left--
          if (!req.write(CHUNK)) return req.once('drain', more)
        }
        req.end()
      }
      more()
    } else req.end(body)
  })
}

/** Runs the agent as a child process; its output is kept for a failure's message. */
function runAgent(args) {
  const child = spawn(process.execPath, [join(root, 'dist/agent.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  return { pid: child.pid, log: () => log, stop: () => child.kill('SIGTERM') }
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]
const mbPerS = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(1)

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-tunnels-'))
const server = await startServer({ dataDir })
const target = await startTarget()
const echo = await startEcho()
const agents = []
try {
  const token = await signIn(server.url)
  const billing = await call(server.url, 'GET', '/billing/', undefined, token)
  await call(server.url, 'PUT', '/billing/plan', { plan: 'business', version: billing.version }, token)
  const key = await call(server.url, 'POST', '/enrollment_keys/', { name: 'Bench tunnels', max_uses: 1, expires_in_days: 1, tags: [], location: '', model: '', approve: false, ephemeral: false }, token)
  const device = runAgent(['enroll', '--url', server.url, '--key', key.secret, '--serial', `BENCH-TUNNEL-${Date.now()}`, '--name', 'Bench tunnel device', '--state', join(dataDir, 'agent.json'), '--every', '30'])
  agents.push(device)
  const [web, ssh] = await (async () => {
    let deviceId
    await until(async () => {
      const found = await call(server.url, 'GET', `/devices/?q=${encodeURIComponent('Bench tunnel device')}`, undefined, token)
      deviceId = found[0]?.id
      return Boolean(deviceId)
    }, 30_000, `enrolled device (the agent said: ${device.log()})`)
    const made = (protocol, port) => call(server.url, 'POST', '/tunnels/', { name: `Bench ${protocol}`, device_id: deviceId, protocol, target_host: '127.0.0.1', local_port: port, enabled: true }, token)
    return [await made('http', target.address().port), await made('tcp', echo.address().port)]
  })()
  await until(async () => (await call(server.url, 'GET', `/tunnels/${web.id}`, undefined, token)).status === 'up', 30_000, `tunnel up (the agent said: ${device.log()})`)

  // A member's pass: the one-time address traded for the tunnel's cookie.
  const opened = await call(server.url, 'POST', `/tunnels/${web.id}/open`, {}, token)
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE })
  const own = new URL(opened.url, server.url)
  const traded = await request(keepAlive, own.href)
  const cookie = String(traded.headers['set-cookie']?.[0] ?? '').split(';')[0]
  if (traded.status !== 303 || !cookie) throw new Error(`the ticket was not traded for a pass: ${traded.status}`)
  // On the tunnel's own host, as a browser opens it.
  const base = own.origin
  const direct = `http://127.0.0.1:${target.address().port}`
  const withPass = { headers: { cookie } }

  console.log(`\n# Tunnels: one agent's link on loopback (${machine()})`)
  // Throughput, each way; the console's and the agent's CPU over the tunnel's transfers.
  const down = await request(keepAlive, `${direct}/big?mb=${MB}`)
  const serverCpu = cpuMs(server.pid)
  const agentCpu = cpuMs(device.pid)
  const downTunnel = await request(keepAlive, `${base}/big?mb=${MB}`, withPass)
  const upTunnel = await request(keepAlive, `${base}/sink`, { method: 'POST', headers: { cookie, 'Content-Type': 'application/octet-stream' }, body: MB })
  const carried = (downTunnel.bytes + MB * 1048576) / 1e6
  const serverPerMb = (cpuMs(server.pid) - serverCpu) / carried
  const agentPerMb = (cpuMs(device.pid) - agentCpu) / carried
  const up = await request(keepAlive, `${direct}/sink`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: MB })
  console.log(`download ${MB} MiB: direct ${mbPerS(down.bytes, down.ms)} MB/s, through the tunnel ${mbPerS(downTunnel.bytes, downTunnel.ms)} MB/s`)
  console.log(`upload ${MB} MiB: direct ${mbPerS(MB * 1048576, up.ms)} MB/s, through the tunnel ${mbPerS(MB * 1048576, upTunnel.ms)} MB/s`)
  console.log(`CPU per MB through the tunnel: console ${serverPerMb.toFixed(2)} ms, agent ${agentPerMb.toFixed(2)} ms`)

  // The latency a small request gains, one at a time on a kept-alive connection.
  const small = async (url, options) => {
    const times = []
    for (let n = 0; n < SMALL; n++) times.push((await request(keepAlive, url, options)).ms)
    return times
  }
  const directTimes = await small(`${direct}/small`)
  const tunnelTimes = await small(`${base}/small`, withPass)
  console.log(
    `small request (${SMALL} one after another): direct p50 ${percentile(directTimes, 50).toFixed(2)} / p99 ${percentile(directTimes, 99).toFixed(2)} ms, ` +
      `through the tunnel p50 ${percentile(tunnelTimes, 50).toFixed(2)} / p99 ${percentile(tunnelTimes, 99).toFixed(2)} ms`,
  )

  // 100 requests at once over the one link, 1 MiB each.
  const began = performance.now()
  const together = await Promise.all(Array.from({ length: AT_ONCE }, () => request(keepAlive, `${base}/big?mb=1`, withPass)))
  const tookMs = performance.now() - began
  const intact = together.filter((answer) => answer.status === 200 && answer.bytes === 1048576).length
  console.log(`${AT_ONCE} streams at once, 1 MiB each: ${intact} intact in ${(tookMs / 1000).toFixed(2)} s (${mbPerS(intact * 1048576, tookMs)} MB/s), slowest ${Math.max(...together.map((a) => a.ms)).toFixed(0)} ms`)

  // TCP through the agent in client mode, with an access key holding `tunnels`.
  const access = await call(server.url, 'POST', '/access_keys/', { name: 'Bench tunnels', scopes: ['tunnels'], expires_in_days: 7 }, token)
  const listen = await freePort()
  const client = runAgent(['connect', ssh.id, '--url', server.url, '--key', access.secret, '--listen', `127.0.0.1:${listen}`])
  agents.push(client)
  await until(() => client.log().includes('Listening'), 15_000, `client mode listening (it said: ${client.log()})`)
  const echoed = await new Promise((resolve, reject) => {
    const socket = net.connect(listen, '127.0.0.1')
    const total = MB * 1048576
    let read = 0
    const startedAt = performance.now()
    socket.on('data', (chunk) => {
      read += chunk.length
      if (read >= total) {
        socket.end()
        resolve({ bytes: read, ms: performance.now() - startedAt })
      }
    })
    socket.on('error', reject)
    let left = MB * 16
    const more = () => {
      while (left > 0) {
        left--
        if (!socket.write(CHUNK)) return socket.once('drain', more)
      }
    }
    socket.on('connect', more)
  })
  console.log(`TCP echo of ${MB} MiB through client mode: ${mbPerS(echoed.bytes, echoed.ms)} MB/s each way`)
  keepAlive.destroy()
} finally {
  for (const agent of agents) agent.stop()
  target.close()
  echo.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
