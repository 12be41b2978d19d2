// Benchmark: the devices list endpoint and the heartbeat endpoint under load, against an
// organization with 100,000 devices: requests/s and latency under autocannon (50 connections,
// 10 s each), and one cold request each (the first after a fresh server start). Then where a list
// request's time goes inside SQLite: each query's plan and time. Prints figures; asserts nothing.
// `npm run bench` (builds first), or `node test/bench/list-load.mjs` after a build.
import Database from 'better-sqlite3'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { cpuMs, machine, median, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const DEVICES = Number(process.env.DEVICES || 100_000)
// A slow answer counts in the latency figures rather than as a timeout (autocannon's is 10 s).
const RUN = { duration: Number(process.env.LOAD_SECONDS || 10), connections: 50, timeout: 60 }
const RARE = `BENCH-${String(Math.ceil(DEVICES / 2)).padStart(6, '0')}`

const SCENARIOS = [
  { name: 'baseline: GET /users/self (auth only)', path: '/api/users/self' },
  { name: 'list: page 1 by last_seen desc', path: '/api/devices/?sort=last_seen&order=desc&page=1&per_page=25' },
  { name: 'list: page 1, default order (name)', path: '/api/devices/?page=1&per_page=25' },
  { name: 'search: q=berlin (1 in 6 match)', path: '/api/devices/?q=berlin&sort=last_seen&order=desc&page=1&per_page=25' },
  { name: `search: q=${RARE} (1 match)`, path: `/api/devices/?q=${RARE}&sort=last_seen&order=desc&page=1&per_page=25` },
  { name: 'heartbeat: a random device', heartbeat: true },
]

const heartbeatBody = () =>
  JSON.stringify({
    ip: `10.1.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`,
    firmware: '2.5.0',
    metrics: { latency_ms: 10 + Math.random() * 40, bytes_in: Math.floor(Math.random() * 1e6), bytes_out: Math.floor(Math.random() * 3e5), cpu: 35, memory: 52 },
  })

/** The request of a scenario, as fetch and autocannon each take it. */
function requestOf(scenario, auth, ids) {
  const pick = () => `/api/devices/${ids[Math.floor(Math.random() * ids.length)]}/heartbeat`
  const headers = { authorization: `Bearer ${scenario.heartbeat ? auth.key : auth.token}`, 'content-type': 'application/json' }
  return scenario.heartbeat
    ? { headers, single: () => ({ method: 'POST', path: pick(), body: heartbeatBody() }), setupRequest: (request) => ({ ...request, method: 'POST', path: pick(), body: heartbeatBody() }) }
    : { headers, single: () => ({ method: 'GET', path: scenario.path }) }
}

async function timed(url, request) {
  const { method, path, body } = request.single()
  const started = performance.now()
  const response = await fetch(url + path, { method, headers: request.headers, body })
  const text = await response.text()
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`)
  return { ms, total: response.headers.get('x-total-count') }
}

async function scenarioFigures(dataDir, scenario, auth, ids) {
  const server = await startServer({ dataDir })
  try {
    const request = requestOf(scenario, auth, ids)
    const cold = await timed(server.url, request)
    const warm = []
    for (let i = 0; i < 9; i++) warm.push((await timed(server.url, request)).ms)
    const cpuBefore = cpuMs(server.pid)
    const load = await autocannon({
      url: server.url,
      ...RUN,
      headers: request.headers,
      requests: [request.setupRequest ? { setupRequest: request.setupRequest } : { method: 'GET', path: scenario.path }],
    })
    const cpu = cpuMs(server.pid) - cpuBefore
    return { cold: cold.ms, warm: median(warm), total: cold.total, load, cpuPerRequest: cpu / load.requests.total }
  } finally {
    await server.stop()
  }
}

const cell = (value, width) => String(value).padStart(width)

/** Each statement a list request runs, as engine.ts builds them, with its plan and its time alone. */
function explain(dataDir, organizationId) {
  const db = new Database(join(dataDir, 'console.db'), { readonly: true })
  const columns = ['name', 'serial', 'model', 'location', 'ip', 'tags']
  const like = `(${columns.map((c) => `"t"."${c}" like ? escape '\\'`).join(' or ')})`
  const search = (q) => [`%${q}%`]
  const cases = [
    ['count, no search', `select count(*) as "total" from "devices" as "t" where "t"."organization_id" = ?`, []],
    ['page 1 by last_seen desc', `select "t".* from "devices" as "t" where "t"."organization_id" = ? order by "t"."last_seen" desc, "t"."id" desc limit 25 offset 0`, []],
    ['page 1 by name', `select "t".* from "devices" as "t" where "t"."organization_id" = ? order by "t"."name" asc, "t"."id" asc limit 25 offset 0`, []],
    ['count, q=berlin', `select count(*) as "total" from "devices" as "t" where "t"."organization_id" = ? and ${like}`, search('berlin')],
    ['page 1, q=berlin', `select "t".* from "devices" as "t" where "t"."organization_id" = ? and ${like} order by "t"."last_seen" desc, "t"."id" desc limit 25`, search('berlin')],
    [`count, q=${RARE}`, `select count(*) as "total" from "devices" as "t" where "t"."organization_id" = ? and ${like}`, search(RARE)],
    [`page 1, q=${RARE}`, `select "t".* from "devices" as "t" where "t"."organization_id" = ? and ${like} order by "t"."last_seen" desc, "t"."id" desc limit 25`, search(RARE)],
    // Not what the engine runs: what two alternatives would cost.
    ['alt: count, q=berlin, no index', `select count(*) as "total" from "devices" as "t" not indexed where "t"."organization_id" = ? and ${like}`, search('berlin')],
    ['alt: count capped at 10,001', `select count(*) as "total" from (select 1 from "devices" as "t" where "t"."organization_id" = ? limit 10001)`, []],
  ]
  console.log('\nInside SQLite (better-sqlite3 on the same file, no HTTP): median of 15 runs, and the plan')
  for (const [name, sql, terms] of cases) {
    const params = [organizationId, ...terms.flatMap((term) => columns.map(() => term))]
    const statement = db.prepare(sql)
    const times = []
    for (let i = 0; i < 15; i++) {
      const started = performance.now()
      statement.all(...params)
      times.push(performance.now() - started)
    }
    const plan = db.prepare(`explain query plan ${sql}`).all(...params).map((step) => step.detail).join('; ')
    console.log(`  ${name.padEnd(30)}${median(times).toFixed(2).padStart(8)} ms   ${plan}`)
  }
  db.close()
}

const fleet = await prepareFleet(DEVICES)
try {
  const setup = await startServer({ dataDir: fleet.dataDir })
  const token = await signIn(setup.url)
  const issued = await fetch(`${setup.url}/api/access_keys/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'list-load bench', scopes: ['devices'], expires_in_days: 30 }),
  }).then((response) => response.json())
  await setup.stop()
  const auth = { token, key: issued.secret }

  console.log(`Devices API under load: ${DEVICES.toLocaleString('en')} devices in one organization, ${RUN.connections} connections, ${RUN.duration} s per run (${machine()})`)
  console.log('request'.padEnd(42) + ['cold', 'warm', 'req/s', 'p50', 'p99', 'max', 'cpu/req', 'failed'].map((h) => cell(h, 10)).join('') + '   X-Total-Count')
  for (const scenario of SCENARIOS) {
    const { cold, warm, total, load, cpuPerRequest } = await scenarioFigures(fleet.dataDir, scenario, auth, fleet.ids)
    const cpu = Number.isFinite(cpuPerRequest) ? `${cpuPerRequest.toFixed(2)} ms` : 'n/a'
    const cells = [`${cold.toFixed(0)} ms`, `${warm.toFixed(1)} ms`, load.requests.average.toFixed(0), `${load.latency.p50} ms`, `${load.latency.p99} ms`, `${load.latency.max} ms`, cpu, load.non2xx + load.errors + load.timeouts]
    console.log(scenario.name.padEnd(42) + cells.map((c) => cell(c, 10)).join('') + `   ${total ?? '-'}`)
  }
  console.log('cold: the first request after a fresh server start; warm: median of the next 9, one at a time; failed: non-2xx, errors, timeouts;')
  console.log(`cpu/req: the server's CPU time per request under load. With ${RUN.connections} connections waiting on one thread, p50 is about ${RUN.connections} / (req/s).`)
  explain(fleet.dataDir, fleet.organizationId)
} finally {
  fleet.remove()
}
