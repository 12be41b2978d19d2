// Benchmark: the devices list of an organization with 100,000 devices (DEVICES), narrowed by its
// filters: a rare tag (100 devices), a common one (10%), a tag with a status, and a key scope. For
// each, the time of a first page with its total (p50, p99 over RUNS asks); a write before each ask
// makes the list count its total again rather than reuse the last one. SQLite, the embedded default. Prints
// figures; asserts nothing. `node test/bench/list-filters.mjs` after `node build.mjs`.
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { machine, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const DEVICES = Number(process.env.DEVICES || 100_000)
const RUNS = Number(process.env.RUNS || 30)
const RARE = 100

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]

const fleet = await prepareFleet(DEVICES)
// A rare tag on every thousandth device, written as the console writes tags.
const db = new Database(join(fleet.dataDir, 'console.db'))
const every = Math.floor(DEVICES / RARE)
db.prepare(`update devices set tags = json_insert(tags, '$[#]', 'rare'), tags_text = tags_text || ' rare' where organization_id = ? and cast(substr(serial, 7) as integer) % ? = 0`).run(fleet.organizationId, every)
db.close()

const server = await startServer({ dataDir: fleet.dataDir })
try {
  const token = await signIn(server.url)
  const headers = { Authorization: `Bearer ${token}` }
  const json = { ...headers, 'Content-Type': 'application/json' }
  // Some keys, so the scope filter has rows to find; the last one is renamed before each ask.
  let key
  for (let n = 0; n < 20; n++) {
    const scopes = n % 4 === 0 ? ['heartbeat'] : ['devices']
    key = await (await fetch(`${server.url}/api/access_keys/`, { method: 'POST', headers: json, body: JSON.stringify({ name: `bench key ${n}`, scopes, expires_in_days: 30 }) })).json()
  }
  const touch = async (run) => {
    const answer = await fetch(`${server.url}/api/access_keys/${key.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ ...key, name: `bench key ${run}` }) })
    if (!answer.ok) throw new Error(`renaming the key: ${answer.status} ${await answer.text()}`)
    key = await answer.json()
  }
  const questions = [
    ['devices', 'tag rare (about 100)', [['filter[tag]', 'rare']]],
    ['devices', 'tag pilot (10%)', [['filter[tag]', 'pilot']]],
    ['devices', 'tag pilot + status offline', [['filter[tag]', 'pilot'], ['filter[status]', 'offline']]],
    ['devices', 'status offline', [['filter[status]', 'offline']]],
    ['access_keys', 'scope heartbeat', [['filter[scope]', 'heartbeat']]],
  ]
  console.log(`list filters: ${DEVICES.toLocaleString('en')} devices, ${RUNS} asks each, SQLite; ${machine()}`)
  for (const [collection, label, query] of questions) {
    const times = []
    let total = ''
    for (let run = 0; run < RUNS; run++) {
      await touch(run)
      const params = new URLSearchParams(query)
      const started = performance.now()
      const answer = await fetch(`${server.url}/api/${collection}/?${params}`, { headers })
      await answer.text()
      times.push(performance.now() - started)
      if (!answer.ok) throw new Error(`${label}: ${answer.status}`)
      total = answer.headers.get('X-Total-Count') ?? ''
    }
    console.log(`  ${label.padEnd(28)} total ${total.padStart(6)}   p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms`)
  }
} finally {
  await server.stop()
  fleet.remove()
}
