// Scale bench (printed, asserts nothing): at 100,000 devices, the devices list's page 1, a
// rare-term search and heartbeats per second, for SQLite with one process and PostgreSQL with one
// and with two processes on one database, 50 connections for SCALE_SECONDS (10) each, on loopback.
// Each process's CPU time is printed beside its figures: autocannon shares this machine's cores.
// `SCALE_DEVICES` changes the fleet's size.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import autocannon from 'autocannon'
import pg from 'pg'
import { startCluster } from '../postgres-cluster.mjs'
import { ADMIN, FLEET_COLUMNS, cpuMs, fleetRow, machine, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const DEVICES = Number(process.env.SCALE_DEVICES || 100_000)
const SECONDS = Number(process.env.SCALE_SECONDS || 10)
const CONNECTIONS = 50
/** One device, found by its serial: a term no other device holds. */
const RARE = `BENCH-${String(Math.ceil(DEVICES * 0.54321)).padStart(6, '0')}`

/** A heartbeat key of the admin's organization, and the organization's device ids. */
async function heartbeatKey(url, token) {
  const response = await fetch(`${url}/api/access_keys/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Scale bench', scopes: ['heartbeat'], expires_in_days: 30 }),
  })
  if (response.status !== 201) throw new Error(`Making a key: ${response.status} ${await response.text()}`)
  return (await response.json()).secret
}

const BEAT = JSON.stringify({ status: 'online', ip: '192.0.2.10', firmware: '3.1.0', metrics: { latency_ms: 12.5, bytes_in: 1000, bytes_out: 500, cpu: 20, memory: 40 } })

/** One load for `SECONDS` over `urls` (the connections shared out), with each process's CPU time over it. */
async function load(servers, connections, request) {
  const before = servers.map((server) => cpuMs(server.pid))
  const results = await Promise.all(
    servers.map((server, index) =>
      autocannon({ duration: SECONDS, connections: Math.round(connections / servers.length), ...request(server, index) }),
    ),
  )
  const cpu = servers.map((server, index) => ((cpuMs(server.pid) ?? 0) - (before[index] ?? 0)) / 1000)
  const ok = results.reduce((sum, result) => sum + (result['2xx'] ?? 0), 0)
  const bad = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0)
  return {
    perSecond: ok / SECONDS,
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    bad,
    cpu,
  }
}

async function measure(name, servers, ids) {
  const token = await signIn(servers[0].url)
  const key = await heartbeatKey(servers[0].url, token)
  const headers = { authorization: `Bearer ${token}` }
  // Warm each process's connections and the database's cache.
  for (const server of servers) await fetch(`${server.url}/api/devices/?page=1&per_page=25&q=${RARE}`, { headers })
  const page = await load(servers, CONNECTIONS, (server) => ({ url: `${server.url}/api/devices/?page=1&per_page=25`, headers }))
  const search = await load(servers, CONNECTIONS, (server) => ({ url: `${server.url}/api/devices/?page=1&per_page=25&q=${encodeURIComponent(RARE)}`, headers }))
  // One request at a time: the search's own time, without the queue of 50 connections in front of it.
  const alone = await load(servers.slice(0, 1), 1, (server) => ({ url: `${server.url}/api/devices/?page=1&per_page=25&q=${encodeURIComponent(RARE)}`, headers }))
  const found = await fetch(`${servers[0].url}/api/devices/?q=${encodeURIComponent(RARE)}`, { headers })
  const matches = found.headers.get('x-total-count')
  let next = 0
  const beats = await load(servers, CONNECTIONS, (server) => ({
    url: server.url,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: BEAT,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/devices/${ids[next++ % ids.length]}/heartbeat` }) }],
  }))
  return { name, page, search, alone, matches, beats }
}

/** PostgreSQL: a throwaway cluster, the schema and seed from the first start, then the bench fleet in batches. */
async function preparePostgres(cluster) {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query('create database console_scale')
  await admin.end()
  const url = cluster.url.replace(/\/postgres$/, '/console_scale')
  const dataDir = mkdtempSync(join(tmpdir(), 'console-scale-'))
  const first = await startServer({ dataDir, env: { DATABASE_URL: url } })
  await first.stop()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = $1', [ADMIN.email])
  const organizationId = rows[0].organization_id
  const now = Date.now()
  const ids = []
  const BATCH = 1000
  for (let start = 1; start <= DEVICES; start += BATCH) {
    const values = []
    const params = []
    for (let n = start; n < Math.min(start + BATCH, DEVICES + 1); n++) {
      const row = fleetRow(n, organizationId, now)
      ids.push(row[0])
      values.push(`(${row.map((_, i) => `$${params.length + i + 1}`).join(', ')})`)
      params.push(...row)
    }
    await client.query(`insert into devices (${FLEET_COLUMNS.join(', ')}) values ${values.join(', ')}`, params)
  }
  // As autovacuum leaves a table after a bulk load: statistics made and pages marked all-visible.
  await client.query('vacuum analyze')
  // The plan of the search as the server asks it (the list query of src/server/db/list.ts).
  const columns = ['name', 'serial', 'model', 'location', 'ip', 'tags_text']
  const search = columns.map((column) => `lower("${column}") like lower($2) escape '\\'`).join(' or ')
  const plan = await client.query(
    `explain (analyze, costs off) select "t".* from "devices" as "t" inner join (select id as hit from "devices_search" where ${search}) as "trigram_hits" on "trigram_hits"."hit" = "t"."id" where "t"."organization_id" = $1 order by "t"."name" asc, "t"."id" asc limit $3 offset $4`,
    [organizationId, `%${RARE}%`, 25, 0],
  )
  await client.end()
  return { url, dataDir, ids, plan: plan.rows.map((line) => line['QUERY PLAN']).join('\n') }
}

const f = (value, digits = 0) => value.toFixed(digits)
const row = (result) => {
  const cell = (figures) => `${f(figures.perSecond).padStart(6)}/s p50 ${f(figures.p50).padStart(4)} ms p99 ${f(figures.p99).padStart(4)} ms cpu ${figures.cpu.map((s) => f(s, 1)).join('+')} s${figures.bad ? ` (${figures.bad} failed)` : ''}`
  return [
    `${result.name}`,
    `  list page 1       ${cell(result.page)}`,
    `  rare-term search  ${cell(result.search)}  (${result.matches} match)`,
    `    one at a time   ${cell(result.alone)}`,
    `  heartbeats        ${cell(result.beats)}`,
  ].join('\n')
}

console.log(`\n# Scale: ${DEVICES} devices, ${CONNECTIONS} connections, ${SECONDS} s per figure (${machine()})`)
const results = []

const fleet = await prepareFleet(DEVICES)
{
  const sqlite = new Database(join(fleet.dataDir, 'console.db'))
  sqlite.pragma('optimize')
  sqlite.close()
  const server = await startServer({ dataDir: fleet.dataDir })
  try {
    results.push(await measure('SQLite, 1 process', [server], fleet.ids))
  } finally {
    await server.stop()
    fleet.remove()
  }
}

// Durable as SQLite is here (each commit flushed to disk before its answer), so the figures compare.
const cluster = await startCluster({ durable: true })
try {
  const prepared = await preparePostgres(cluster)
  console.log(`PostgreSQL's plan of the rare-term search:\n${prepared.plan}`)
  const env = { DATABASE_URL: prepared.url }
  const one = await startServer({ dataDir: prepared.dataDir, env })
  try {
    results.push(await measure('PostgreSQL, 1 process', [one], prepared.ids))
  } finally {
    await one.stop()
  }
  const two = await Promise.all([startServer({ dataDir: prepared.dataDir, env }), startServer({ dataDir: prepared.dataDir, env })])
  try {
    results.push(await measure('PostgreSQL, 2 processes', two, prepared.ids))
  } finally {
    await Promise.all(two.map((server) => server.stop()))
    rmSync(prepared.dataDir, { recursive: true, force: true })
  }
} finally {
  cluster.stop()
}

for (const result of results) console.log(row(result))
const [sqlite, pgOne] = results
console.log(`PostgreSQL (1 process) heartbeats: ${f(pgOne.beats.perSecond / sqlite.beats.perSecond, 2)}x SQLite's`)
