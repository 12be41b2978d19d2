// Bulk actions bench (printed, asserts nothing), on SQLite at 100,000 devices (`BULK_DEVICES`):
// - a filtered list's first page with its count (status, tag and a last-seen bound that moves on
//   each request, so no total is reused), one request at a time: p50 and p99;
// - a bulk tag of the 10,000 devices tagged `pilot`: the preview's time (count and freeze), the
//   run's time from `run` to `done`, and the heartbeats per second a concurrent heartbeat load
//   (HEARTBEAT_CONNECTIONS connections) got meanwhile, beside what it gets with no job running;
// - the undo of that tag.
// The server is bundled from the sources into dist/bench/ (no console build needed).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import autocannon from 'autocannon'
import * as esbuild from 'esbuild'
import { ADMIN, FLEET_COLUMNS, cpuMs, fleetRow, freePort, machine, root, signIn } from './bench-fleet.mjs'

const DEVICES = Number(process.env.BULK_DEVICES || 100_000)
const PAGES = Number(process.env.BULK_PAGES || 200)
const HEARTBEAT_CONNECTIONS = 10
const BASELINE_SECONDS = 5

/** The server bundled from src/ as the build bundles it. */
async function bundleServer() {
  const outfile = join(root, 'dist/bench/server.mjs')
  await esbuild.build({ absWorkingDir: root, entryPoints: ['src/server/main.ts'], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' })
  return outfile
}

/** The bundled server on `dataDir`, devices never going offline, an empty console beside it. */
async function startServer(script, dataDir) {
  const port = await freePort()
  const staticDir = join(dataDir, 'static')
  mkdirSync(join(staticDir, 'pages'), { recursive: true })
  writeFileSync(join(staticDir, 'manifest.json'), JSON.stringify({ pages: {} }))
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OFFLINE_AFTER_S: String(365 * 24 * 3600) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await Promise.all([once(child, 'exit'), child.kill()])
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop }
}

/** A data folder with the schema and seed of a first start, then DEVICES bench devices in the admin's organization. */
async function prepare(script) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bulk-'))
  const first = await startServer(script, dataDir)
  await first.stop()
  const db = new Database(join(dataDir, 'console.db'))
  const { organization_id: organizationId } = db.prepare('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = ?').get(ADMIN.email)
  // Room in the plan is no part of a tag; the business plan is what such a fleet would be on.
  db.prepare("update organizations set plan = 'business' where id = ?").run(organizationId)
  const insert = db.prepare(`insert into devices (${FLEET_COLUMNS.join(', ')}) values (${FLEET_COLUMNS.map(() => '?').join(', ')})`)
  const now = Date.now()
  const ids = []
  db.transaction(() => {
    for (let n = 1; n <= DEVICES; n++) {
      const row = fleetRow(n, organizationId, now)
      insert.run(...row)
      ids.push(row[0])
    }
  })()
  db.pragma('optimize')
  db.close()
  return { dataDir, ids }
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]

/** The filtered list's first page, one request at a time, each asking a count no total answers already. */
async function filteredPages(url, headers) {
  const times = []
  let total = 0
  for (let n = 0; n < PAGES; n++) {
    const after = new Date(Date.now() - 8 * 24 * 3600_000 + n * 1000).toISOString()
    const query = new URLSearchParams([['filter[status]', 'online'], ['filter[status]', 'error'], ['filter[tag]', 'kiosk'], ['filter[last_seen_after]', after], ['per_page', '25']])
    const started = performance.now()
    const response = await fetch(`${url}/api/devices/?${query}`, { headers })
    await response.json()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`The list answered ${response.status}`)
    total = Number(response.headers.get('x-total-count'))
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), total }
}

const BEAT = JSON.stringify({ status: 'online', ip: '192.0.2.10', firmware: '3.1.0', metrics: { latency_ms: 12.5, bytes_in: 1000, bytes_out: 500, cpu: 20, memory: 40 } })

/** A heartbeat load on random bench devices until `stop()`: answers per second and latency. */
function heartbeats(url, key, ids) {
  let next = 0
  const started = performance.now()
  const instance = autocannon({
    url,
    connections: HEARTBEAT_CONNECTIONS,
    duration: 3600,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: BEAT,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/devices/${ids[(next++ * 7919) % ids.length]}/heartbeat` }) }],
  })
  autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false, outputStream: { write: () => undefined } })
  const done = new Promise((resolve) => instance.on('done', resolve))
  return {
    async stop() {
      instance.stop()
      const result = await done
      const seconds = (performance.now() - started) / 1000
      return { perSecond: (result['2xx'] ?? 0) / seconds, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts }
    },
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function api(url, token, method, path, body) {
  const response = await fetch(`${url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

/** Polls the job until it has ended. */
async function waitDone(url, token, id) {
  for (;;) {
    const job = await api(url, token, 'GET', `/bulk/${id}`)
    if (job.status !== 'running') return job
    await sleep(50)
  }
}

console.log(`\n# Bulk actions: ${DEVICES} devices on SQLite (${machine()})`)
const script = await bundleServer()
const { dataDir, ids } = await prepare(script)
const server = await startServer(script, dataDir)
try {
  const token = await signIn(server.url)
  const headers = { authorization: `Bearer ${token}` }
  const key = (await api(server.url, token, 'POST', '/access_keys/', { name: 'Bulk bench', scopes: ['heartbeat'], expires_in_days: 30 })).secret
  await filteredPages(server.url, headers)
  const pages = await filteredPages(server.url, headers)

  const quiet = heartbeats(server.url, key, ids)
  await sleep(BASELINE_SECONDS * 1000)
  const baseline = await quiet.stop()

  const cpuBefore = cpuMs(server.pid)
  let started = performance.now()
  const preview = await api(server.url, token, 'POST', '/bulk/preview', { collection: 'devices', action: 'tag_add', params: { tag: 'bulk-bench' }, selection: { filters: { tag: ['pilot'] } } })
  const previewMs = performance.now() - started
  const load = heartbeats(server.url, key, ids)
  started = performance.now()
  await api(server.url, token, 'POST', `/bulk/${preview.id}/run`)
  const job = await waitDone(server.url, token, preview.id)
  const runMs = performance.now() - started
  const during = await load.stop()
  const cpu = ((cpuMs(server.pid) ?? 0) - (cpuBefore ?? 0)) / 1000

  started = performance.now()
  const undone = await api(server.url, token, 'POST', `/bulk/${preview.id}/undo`)
  const undoMs = performance.now() - started

  const f = (value, digits = 0) => value.toFixed(digits)
  console.log(`filtered list, page 1 with its count (${pages.total} of ${DEVICES} match; ${PAGES} requests one at a time): p50 ${f(pages.p50, 1)} ms, p99 ${f(pages.p99, 1)} ms`)
  console.log(`bulk tag of ${preview.count} devices: preview (count and freeze) ${f(previewMs)} ms, run ${f(runMs)} ms (${f(job.changed / (runMs / 1000))} records/s), ${job.changed} changed, ${job.skipped.length} skipped; server CPU ${f(cpu, 1)} s`)
  console.log(`heartbeats, ${HEARTBEAT_CONNECTIONS} connections: ${f(baseline.perSecond)}/s alone (p50 ${baseline.p50} ms, p99 ${baseline.p99} ms); ${f(during.perSecond)}/s during the run (p50 ${during.p50} ms, p99 ${during.p99} ms)${during.failed ? `, ${during.failed} failed` : ''}`)
  console.log(`undo of the tag: ${undone.restored} restored, ${undone.left.length} left, in ${f(undoMs)} ms (heartbeats changed no device's version)`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
