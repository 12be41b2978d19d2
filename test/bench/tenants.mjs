// Benchmark: what one tenant's exports cost the others. Another organization's `GET /users/self`
// latency (p50, p99, max) while 1, 4 and 8 exports of 100,000 devices run, each export made with
// an access key of its own of the big organization, plus how many exports the server admitted and
// how long one export takes with nobody else asking.
// Prints figures; asserts nothing. `node build.mjs && node test/bench/tenants.mjs`.
// EXPORT_ROWS (100000) sets the organization's size.
import { randomUUID } from 'node:crypto'
import { machine, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const ROWS = Number(process.env.EXPORT_ROWS || 100_000)
const RUNS = [1, 4, 8]
const IDLE_PROBES = 200

const api = (url, path, token, init = {}) =>
  fetch(`${url}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } })

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
const figures = (values) => `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} requests)`

/** One `GET /users/self` of the other organization, timed. */
async function probe(url, token) {
  const started = performance.now()
  const response = await api(url, '/users/self', token)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`users/self answered ${response.status}`)
  return performance.now() - started
}

/** One export read to its end: its status, bytes and duration. */
async function exportAll(url, key) {
  const started = performance.now()
  const response = await api(url, '/devices/export?format=csv', key)
  const bytes = (await response.arrayBuffer()).byteLength
  return { status: response.status, bytes, ms: performance.now() - started }
}

const fleet = await prepareFleet(ROWS)
const server = await startServer({ dataDir: fleet.dataDir })
try {
  const admin = await signIn(server.url)
  const keys = []
  for (let n = 1; n <= Math.max(...RUNS); n++) {
    const made = await api(server.url, '/access_keys/', admin, { method: 'POST', body: JSON.stringify({ name: `Export ${n}`, scopes: ['devices'], expires_in_days: 7 }) })
    if (made.status !== 201) throw new Error(`Making a key: ${made.status} ${await made.text()}`)
    keys.push((await made.json()).secret)
  }
  const other = { name: 'Other tenant', email: `other-${randomUUID().slice(0, 8)}@example.com`, password: 'Quiet-lantern-7-pasture' }
  const registered = await api(server.url, '/register/', undefined, { method: 'POST', body: JSON.stringify(other) })
  if (registered.status !== 201) throw new Error(`Registering: ${registered.status} ${await registered.text()}`)
  const otherToken = (await registered.json()).user.auth_key

  console.log(`Exports and another tenant: ${ROWS.toLocaleString('en')} devices in one organization, ${machine()}`)
  const idle = []
  for (let i = 0; i < IDLE_PROBES; i++) idle.push(await probe(server.url, otherToken))
  console.log(`  idle:        other tenant's users/self ${figures(idle)}`)

  const alone = await exportAll(server.url, keys[0])
  console.log(`  one export alone, nobody else asking: ${(alone.ms / 1000).toFixed(1)} s for ${(alone.bytes / 1e6).toFixed(1)} MB`)

  for (const count of RUNS) {
    const exports = keys.slice(0, count).map((key) => exportAll(server.url, key))
    let running = true
    const all = Promise.all(exports).finally(() => (running = false))
    const seen = []
    while (running) seen.push(await probe(server.url, otherToken))
    const results = await all
    const streamed = results.filter((result) => result.status === 200)
    const refused = results.filter((result) => result.status === 429).length
    const longest = Math.max(...streamed.map((result) => result.ms))
    console.log(
      `  ${String(count).padStart(2)} export${count === 1 ? ': ' : 's:'}  other tenant's users/self ${figures(seen)}; ` +
        `${streamed.length} streamed (${(streamed[0]?.bytes / 1e6).toFixed(1)} MB each, the last done in ${(longest / 1000).toFixed(1)} s), ${refused} refused with 429`,
    )
  }
} finally {
  await server.stop()
  fleet.remove()
}
