// Alerts bench (printed, asserts nothing; not part of npm test): at 10,000 devices with 100 alert
// rules, heartbeats per second with rule evaluation and without it (ALERTS_EVERY_MS=0), the server
// process's CPU time per heartbeat in each, and the time from a device's grace time running out to
// its mail in the outbox (p50, p99) over 100 devices whose grace ends over one minute.
// The server is bundled from the sources and runs on SQLite in a process of its own.
// `ALERTS_BENCH_DEVICES` and `ALERTS_BENCH_SECONDS` (10) change the fleet and the load's length.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import * as esbuild from 'esbuild'
import { ADMIN, FLEET_COLUMNS, cpuMs, fleetRow, freePort, machine, root, signIn } from './bench-fleet.mjs'

const DEVICES = Number(process.env.ALERTS_BENCH_DEVICES || 10_000)
const SECONDS = Number(process.env.ALERTS_BENCH_SECONDS || 10)
const RULES = 100
const PROBES = 100
const GRACE_S = 300
const CONNECTIONS = 50
const BEAT = JSON.stringify({ status: 'online', ip: '192.0.2.10', firmware: '3.1.0', metrics: { latency_ms: 12.5, bytes_in: 1000, bytes_out: 500, cpu: 20, memory: 40 } })
const KINDS = ['kiosk', 'gateway', 'camera', 'sensor', 'signage', 'pilot', 'fleet']

/** The server bundled from `src/server/main.ts`, beside the packages it imports. */
async function bundleServer() {
  const outdir = join(root, 'node_modules/.cache', `bench-alerts-${process.pid}`)
  mkdirSync(outdir, { recursive: true })
  const outfile = join(outdir, 'server.mjs')
  await esbuild.build({ entryPoints: [join(root, 'src/server/main.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' })
  return { outfile, remove: () => rmSync(outdir, { recursive: true, force: true }) }
}

/** The bundled server on `dataDir`; devices are never set offline by presence during the bench. */
async function startServer(bundle, dataDir, env) {
  const port = await freePort()
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OFFLINE_AFTER_S: String(365 * 24 * 3600), ...env },
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

/**
 * A data folder with the schema, DEVICES devices online and seen now (PROBES of them tagged
 * `probe`), and RULES rules: offline on a kind's tag or on all, error, a CPU threshold no beat
 * reaches, back online, and one offline rule on the probes.
 */
async function prepare(bundle) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-alerts-bench-'))
  const first = await startServer(bundle, dataDir, { ALERTS_EVERY_MS: '0' })
  await first.stop()
  const db = new Database(join(dataDir, 'console.db'))
  const { organization_id: organizationId } = db.prepare('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = ?').get(ADMIN.email)
  const insert = db.prepare(`insert into devices (${FLEET_COLUMNS.join(', ')}) values (${FLEET_COLUMNS.map(() => '?').join(', ')})`)
  const now = new Date().toISOString()
  const ids = []
  const probes = []
  db.transaction(() => {
    for (let n = 1; n <= DEVICES; n++) {
      const row = fleetRow(n, organizationId, Date.now())
      row[5] = 'online'
      row[11] = now
      if (n <= PROBES) {
        row[9] = JSON.stringify(['probe'])
        row[10] = 'probe'
        probes.push({ id: row[0], name: row[2] })
      } else ids.push(row[0])
      insert.run(...row)
    }
    db.prepare(`update devices set status = 'online', last_seen = ? where organization_id = ?`).run(now, organizationId)
    const rule = db.prepare(
      `insert into alert_rules (id, organization_id, name, enabled, target, tag, device_id, condition, grace_s, metric, threshold, duration_s, days, user_ids, emails, repeat_s, language, created_at, updated_at, version)
       values (?, ?, ?, 1, ?, ?, null, ?, ?, ?, ?, 60, null, '[]', '["ops@example.com"]', 3600, 'en', ?, ?, 1)`,
    )
    for (let n = 0; n < RULES - 1; n++) {
      const kind = KINDS[n % KINDS.length]
      const [condition, metric, threshold] = n % 5 === 3 ? ['error', null, null] : n % 10 === 4 ? ['metric', 'cpu', 95] : n % 10 === 9 ? ['online', null, null] : ['offline', null, null]
      const target = n % 4 === 0 ? 'all' : 'tag'
      rule.run(randomUUID(), organizationId, `Rule ${n}`, target, target === 'tag' ? kind : null, condition, GRACE_S, metric, threshold, now, now)
    }
    rule.run(randomUUID(), organizationId, 'Probes dark', 'tag', 'probe', 'offline', GRACE_S, null, null, now, now)
    // The rules' outside address has confirmed, as it would from the request it is mailed.
    db.prepare(
      `insert into alert_recipients (id, organization_id, email, state, token_hash, expires_at, language, requested_by, requested_at, answered_at, created_at)
       values (?, ?, 'ops@example.com', 'confirmed', null, null, 'en', '', ?, ?, ?)`,
    ).run(randomUUID(), organizationId, now, now, now)
  })()
  db.close()
  return { dataDir, ids, probes }
}

/** Heartbeats for SECONDS over CONNECTIONS connections, each to a device of `ids` in turn, and the server's CPU time meanwhile. */
async function beats(server, key, ids) {
  let next = 0
  const before = cpuMs(server.pid) ?? 0
  const result = await autocannon({
    url: server.url,
    duration: SECONDS,
    connections: CONNECTIONS,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: BEAT,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/devices/${ids[next++ % ids.length]}/heartbeat` }) }],
  })
  const cpu = ((cpuMs(server.pid) ?? 0) - before) / 1000
  const ok = result['2xx'] ?? 0
  return { perSecond: ok / SECONDS, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, cpuMsPerBeat: (cpu * 1000) / Math.max(1, ok) }
}

async function heartbeatKey(url) {
  const token = await signIn(url)
  const response = await fetch(`${url}/api/access_keys/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Alerts bench', scopes: ['heartbeat'], expires_in_days: 30 }),
  })
  if (response.status !== 201) throw new Error(`Making a key: ${response.status} ${await response.text()}`)
  return (await response.json()).secret
}

/**
 * Sets the probes' last heartbeat so that their grace times run out one after the other over the
 * next minute, then reads the outbox until each probe was mailed: the time from its grace running
 * out to the mail file naming it (the mailer names files by the time of writing).
 */
async function graceToMail(dataDir, probes) {
  const db = new Database(join(dataDir, 'console.db'))
  db.pragma('busy_timeout = 5000')
  const start = Date.now() + 5000
  const expiries = new Map()
  const update = db.prepare('update devices set last_seen = ? where id = ?')
  db.transaction(() => {
    probes.forEach((probe, index) => {
      const expiry = start + index * 600
      expiries.set(probe.name, expiry)
      update.run(new Date(expiry - GRACE_S * 1000).toISOString(), probe.id)
    })
  })()
  db.close()
  const outbox = join(dataDir, 'outbox')
  const seen = new Set()
  const delays = []
  const deadline = start + PROBES * 600 + 60_000
  while (delays.length < PROBES && Date.now() < deadline) {
    for (const name of readdirSync(outbox).filter((file) => file.endsWith('.eml') && !seen.has(file))) {
      seen.add(name)
      const written = Date.parse(name.slice(0, 24).replace(/^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1:$2:$3.$4Z'))
      const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '')
      if (!/Subject: .*Probes dark/.test(text)) continue
      for (const [probe, expiry] of expiries) if (text.includes(`- ${probe}:`)) delays.push(written - expiry)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  delays.sort((a, b) => a - b)
  const at = (q) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]
  return { count: delays.length, p50: at(0.5), p99: at(0.99), max: delays.at(-1) }
}

const bundle = await bundleServer()
try {
  console.log(`Alerts bench: ${DEVICES} devices, ${RULES} rules, ${CONNECTIONS} connections for ${SECONDS} s, ${machine()}`)
  const figures = {}
  for (const mode of ['without evaluation', 'with evaluation']) {
    const { dataDir, ids, probes } = await prepare(bundle.outfile)
    const server = await startServer(bundle.outfile, dataDir, { ALERTS_EVERY_MS: mode === 'with evaluation' ? '5000' : '0', ALERT_MAILS_PER_HOUR: '100000' })
    try {
      const key = await heartbeatKey(server.url)
      figures[mode] = await beats(server, key, ids)
      const f = figures[mode]
      console.log(`  ${mode}: ${f.perSecond.toFixed(0)} heartbeats/s, p99 ${f.p99} ms, ${f.cpuMsPerBeat.toFixed(3)} ms of server CPU per heartbeat${f.bad ? `, ${f.bad} failed` : ''}`)
      if (mode === 'with evaluation') {
        const grace = await graceToMail(dataDir, probes)
        console.log(`  grace time out -> mail in the outbox (sweep every 5 s): p50 ${grace.p50} ms, p99 ${grace.p99} ms, max ${grace.max} ms over ${grace.count} devices`)
      }
    } finally {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const off = figures['without evaluation']
  const on = figures['with evaluation']
  console.log(`  evaluation costs ${(100 * (1 - on.perSecond / off.perSecond)).toFixed(1)}% of heartbeats/s, ${(100 * (on.cpuMsPerBeat / off.cpuMsPerBeat - 1)).toFixed(1)}% of CPU per heartbeat`)
} finally {
  bundle.remove()
}
