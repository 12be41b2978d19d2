// Benchmark: the metrics endpoints (GET /metrics/network and /metrics/traffic, each range) under
// load, against an organization with 2,000 devices that each sent one heartbeat a minute for 24 h
// (2.88 million samples, written straight into the database, then folded by the server's start).
// Prints the time the fold took, then requests/s and latency per endpoint and range under
// autocannon. Prints figures; asserts nothing.
// `npm run bench` (builds first), or `node test/bench/metrics-load.mjs` after a build.
import Database from 'better-sqlite3'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { cpuMs, machine, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const DEVICES = Number(process.env.DEVICES || 2000)
const HOURS = Number(process.env.HOURS || 24)
const RUN = { duration: Number(process.env.LOAD_SECONDS || 5), connections: 20, timeout: 60 }
const MINUTE = 60_000

/** A small, repeatable pseudo-random sequence. */
function sequence(seed) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

/** One heartbeat a minute per device over the last HOURS, inserted in one transaction. */
function writeHistory(dataDir, organizationId, ids) {
  const db = new Database(join(dataDir, 'console.db'))
  const random = sequence(7)
  const insert = db.prepare(
    `insert into heartbeats (device_id, organization_id, at, latency_ms, bytes_in, bytes_out, cpu, memory, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const end = Math.floor(Date.now() / MINUTE) * MINUTE
  const started = performance.now()
  db.transaction(() => {
    for (let minute = end - HOURS * 60 * MINUTE; minute < end; minute += MINUTE) {
      for (const [index, id] of ids.entries()) {
        const at = new Date(minute + (index % 60) * 1000).toISOString()
        // Mostly 10 to 60 ms, now and then a slow one.
        const latency = Math.round((10 + 50 * random() ** 2 + (random() < 0.02 ? 300 * random() : 0)) * 10) / 10
        insert.run(id, organizationId, at, latency, Math.floor(random() * 1_000_000), Math.floor(random() * 300_000), 30, 50, index % 50 === 0 ? 'error' : 'online')
      }
    }
  })()
  const written = performance.now() - started
  // The server's first start folded the seeded day; start over so its next start folds everything.
  for (const table of ['metric_rollups', 'device_traffic_hours', 'metric_folds']) db.prepare(`delete from ${table}`).run()
  const rows = db.prepare('select count(*) as n from heartbeats').get().n
  db.close()
  return { rows, written }
}

function counts(dataDir) {
  const db = new Database(join(dataDir, 'console.db'), { readonly: true })
  const count = (sql) => db.prepare(sql).get().n
  const figures = {
    minutes: count('select count(*) as n from metric_rollups where step_seconds = 60'),
    fives: count('select count(*) as n from metric_rollups where step_seconds = 300'),
    hours: count('select count(*) as n from metric_rollups where step_seconds = 3600'),
    deviceHours: count('select count(*) as n from device_traffic_hours'),
  }
  db.close()
  return figures
}

const cell = (value, width) => String(value).padStart(width)

const fleet = await prepareFleet(DEVICES)
try {
  const { rows, written } = writeHistory(fleet.dataDir, fleet.organizationId, fleet.ids)
  const server = await startServer({ dataDir: fleet.dataDir })
  try {
    // The start folds every heartbeat kept; the first answer waits for it.
    const started = performance.now()
    const token = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}` }
    const first = await fetch(`${server.url}/api/metrics/network?range=1h`, { headers })
    await first.text()
    const folded = performance.now() - started
    const rollups = counts(fleet.dataDir)
    console.log(`Metrics API under load: ${DEVICES.toLocaleString('en')} devices, one heartbeat a minute for ${HOURS} h, ${RUN.connections} connections, ${RUN.duration} s per run (${machine()})`)
    console.log(
      `${rows.toLocaleString('en')} heartbeats written in ${(written / 1000).toFixed(1)} s; folded at start in ${(folded / 1000).toFixed(1)} s into ` +
        `${rollups.minutes} minute, ${rollups.fives} five-minute, ${rollups.hours} hour rows and ${rollups.deviceHours.toLocaleString('en')} device-hour rows`,
    )
    console.log('request'.padEnd(34) + ['first', 'req/s', 'p50', 'p99', 'max', 'cpu/req', 'failed', 'bytes'].map((h) => cell(h, 10)).join(''))
    for (const endpoint of ['network', 'traffic']) {
      for (const range of ['1h', '24h', '7d']) {
        const path = `/api/metrics/${endpoint}?range=${range}`
        const coldStart = performance.now()
        const response = await fetch(server.url + path, { headers })
        const body = await response.text()
        const cold = performance.now() - coldStart
        if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`)
        const cpuBefore = cpuMs(server.pid)
        const load = await autocannon({ url: server.url, ...RUN, headers, requests: [{ method: 'GET', path }] })
        const cpu = cpuMs(server.pid) - cpuBefore
        const cpuPerRequest = cpu / load.requests.total
        const cells = [
          `${cold.toFixed(1)} ms`,
          load.requests.average.toFixed(0),
          `${load.latency.p50} ms`,
          `${load.latency.p99} ms`,
          `${load.latency.max} ms`,
          Number.isFinite(cpuPerRequest) ? `${cpuPerRequest.toFixed(2)} ms` : 'n/a',
          load.non2xx + load.errors + load.timeouts,
          body.length,
        ]
        console.log(`GET /metrics/${endpoint}?range=${range}`.padEnd(34) + cells.map((c) => cell(c, 10)).join(''))
      }
    }
    console.log('first: the first request of that kind (traffic computes its top ten then, and again once a minute);')
    console.log(`failed: non-2xx, errors, timeouts. With ${RUN.connections} connections on one thread, p50 is about ${RUN.connections} / (req/s).`)
  } finally {
    await server.stop()
  }
} finally {
  fleet.remove()
}
