// Webhook flood bench (printed, asserts nothing; not part of npm test): organization A floods a
// receiver that answers after FLOOD_SLOW_MS (9,500 ms) while organization B sends FLOOD_PROBES (5)
// test events, one a second, to a receiver that answers at once; the bench prints how long each of
// B's took from its request to its arrival. Two floods, each on a fresh server: FLOOD_TESTS (300)
// test events sent by A as fast as it can, and as many deliveries of A's already due at once (the
// backlog a long outage of A's receiver leaves, written straight into the database).
// The server is bundled from the sources and runs on SQLite in a process of its own.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import * as esbuild from 'esbuild'
import { freePort, machine, median, root } from './bench-fleet.mjs'

const FLOOD = Number(process.env.FLOOD_TESTS || 300)
const SLOW_MS = Number(process.env.FLOOD_SLOW_MS || 9500)
const PROBES = Number(process.env.FLOOD_PROBES || 5)
/** A probe not delivered after this long is counted as this long. */
const GIVE_UP_MS = 120_000

async function bundleServer() {
  const outdir = join(root, 'node_modules/.cache', `bench-webhook-flood-${process.pid}`)
  mkdirSync(outdir, { recursive: true })
  const outfile = join(outdir, 'server.mjs')
  await esbuild.build({ entryPoints: [join(root, 'src/server/main.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' })
  return { outfile, remove: () => rmSync(outdir, { recursive: true, force: true }) }
}

async function startServer(bundle, dataDir) {
  const port = await freePort()
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), WEBHOOKS_ALLOW_PRIVATE: '1', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await Promise.all([once(child, 'exit'), child.kill('SIGKILL')])
  }
  return { url: `http://127.0.0.1:${port}`, stop }
}

/** A receiver on loopback answering 200 after `delayMs`; `arrived` maps each Webhook-Id to when it came. */
async function startReceiver(delayMs) {
  const arrived = new Map()
  const server = http.createServer((req, res) => {
    arrived.set(String(req.headers['webhook-id']), performance.now())
    req.resume()
    const timer = setTimeout(() => res.end('ok'), delayMs)
    res.on('close', () => clearTimeout(timer))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrived,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  }
}

const api = async (url, path, token, body, client = '10.7.0.1') => {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json().catch(() => ({})) }
}

async function tenant(url, name, n) {
  const registered = await api(url, '/register/', undefined, { name, email: `flood-${n}@example.com`, password: `Quiet-lantern-${n}-pasture` }, `10.7.1.${n}`)
  if (registered.status !== 201) throw new Error(`Registering ${name}: ${registered.status} ${JSON.stringify(registered.body)}`)
  return { token: registered.body.user.auth_key, organizationId: registered.body.user.organization.id }
}

async function hook(url, token, target) {
  const made = await api(url, '/webhooks/', token, { name: 'Bench receiver', url: target })
  if (made.status !== 201) throw new Error(`Creating a webhook: ${made.status} ${JSON.stringify(made.body)}`)
  return made.body.id
}

const until = async (check, limitMs) => {
  const started = performance.now()
  while (!check() && performance.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** A's test events, sent all at once: the statuses answered. */
async function testFlood(server, a, floodHook) {
  const statuses = await Promise.all(Array.from({ length: FLOOD }, () => api(server.url, `/webhooks/${floodHook}/test`, a.token).then((answer) => answer.status)))
  const count = (status) => statuses.filter((each) => each === status).length
  return `${FLOOD} test events sent at once: ${count(202)} queued (202), ${count(429)} refused (429), others ${FLOOD - count(202) - count(429)}`
}

/** FLOOD deliveries of A's due now, written into the database, then one test event of A's to start them. */
async function backlog(server, a, floodHook, dataDir) {
  const db = new Database(join(dataDir, 'console.db'))
  db.pragma('busy_timeout = 10000')
  const at = new Date().toISOString()
  const insert = db.prepare(`INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, type, body, state, tries, next_try_at, response, created_at) VALUES (?, ?, ?, ?, 'alert.firing', '{}', 'pending', 0, ?, '', ?)`)
  db.transaction(() => {
    for (let n = 0; n < FLOOD; n++) insert.run(`backlog-${n}`, a.organizationId, floodHook, `evt_backlog_${n}`, at, at)
  })()
  db.close()
  const kicked = await api(server.url, `/webhooks/${floodHook}/test`, a.token)
  return `${FLOOD} deliveries already due, started by a test event (${kicked.status})`
}

async function scenario(bundle, flood) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-webhook-flood-'))
  const slow = await startReceiver(SLOW_MS)
  const fast = await startReceiver(0)
  const server = await startServer(bundle.outfile, dataDir)
  try {
    const [a, b] = [await tenant(server.url, 'Flooder', 1), await tenant(server.url, 'Bystander', 2)]
    const [floodHook, probeHook] = [await hook(server.url, a.token, slow.url), await hook(server.url, b.token, fast.url)]
    const started = performance.now()
    const what = await flood(server, a, floodHook, dataDir)
    const floodMs = performance.now() - started
    const latencies = []
    for (let n = 0; n < PROBES; n++) {
      const sent = performance.now()
      const answer = await api(server.url, `/webhooks/${probeHook}/test`, b.token)
      if (answer.status !== 202) throw new Error(`B's test event: ${answer.status} ${JSON.stringify(answer.body)}`)
      await until(() => fast.arrived.has(answer.body.event_id), GIVE_UP_MS)
      latencies.push((fast.arrived.get(answer.body.event_id) ?? performance.now()) - sent)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    const ms = (value) => `${Math.round(value)} ms`
    console.log(`  A: ${what}, in ${ms(floodMs)}; its receiver (answering after ${SLOW_MS} ms) got ${slow.arrived.size} by the end of B's probes`)
    console.log(`  B: ${PROBES} test events, request to arrival: median ${ms(median(latencies))}, max ${ms(Math.max(...latencies))} (${latencies.map(ms).join(', ')})`)
  } finally {
    await server.stop()
    await Promise.all([slow.close(), fast.close()])
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const bundle = await bundleServer()
try {
  console.log(`Webhook flood: ${machine()}`)
  await scenario(bundle, testFlood)
  await scenario(bundle, backlog)
} finally {
  bundle.remove()
}
