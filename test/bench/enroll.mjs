// Enrollment bench (printed, asserts nothing): AGENTS devices (1,000) enroll at once with
// enrollment keys, each then sending its first heartbeat with the credential it got, as the agent
// does. Prints the time until every one is online, the enrollments and first beats a second, their
// latency, and the server's CPU per enrollment. New organizations on the Business plan share the
// agents (its 500 devices each). `node test/bench/enroll.mjs` after `node build.mjs`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuMs, machine, signIn, startServer } from './bench-fleet.mjs'

const AGENTS = Number(process.env.AGENTS) || 1000
const PER_ORGANIZATION = 500

/** A JSON call to the server; fails on an answer outside 2xx. */
async function call(url, method, path, body, token) {
  const answer = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`)
  return answer.json()
}

/** An organization on the Business plan and an enrollment key of its for `uses` devices. */
async function organizationWithKey(url, token, uses) {
  const billing = await call(url, 'GET', '/billing/', undefined, token)
  await call(url, 'PUT', '/billing/plan', { plan: 'business', version: billing.version }, token)
  const key = await call(url, 'POST', '/enrollment_keys/', { name: 'Bench', max_uses: uses, expires_in_days: 1, tags: ['bench'], location: '', model: '', approve: false, ephemeral: false }, token)
  return key.secret
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-enroll-'))
const server = await startServer({ dataDir })
try {
  await signIn(server.url)
  // Organizations of their own: the seeded one already holds devices.
  const keys = []
  for (let n = 0; n * PER_ORGANIZATION < AGENTS; n++) {
    const registered = await call(server.url, 'POST', '/register/', { name: `Bench owner ${n}`, email: `bench-${n}-${Date.now()}@example.com`, password: 'bench-Password-1' })
    keys.push(await organizationWithKey(server.url, registered.user.auth_key, PER_ORGANIZATION))
  }
  const enrollMs = []
  const beatMs = []
  const failures = new Map()
  const cpuBefore = cpuMs(server.pid)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: AGENTS }, async (_, n) => {
      try {
        const began = performance.now()
        const enrolled = await call(server.url, 'POST', '/devices/enroll', { serial: `BENCH-${String(n).padStart(5, '0')}` }, keys[Math.floor(n / PER_ORGANIZATION)])
        const joined = performance.now()
        enrollMs.push(joined - began)
        await call(server.url, 'POST', `/devices/${enrolled.device.id}/heartbeat`, { ip: '10.9.0.1', os: 'Debian GNU/Linux 12 (bookworm)', metrics: { cpu: 12, memory: 40 } }, enrolled.credential.secret)
        beatMs.push(performance.now() - joined)
      } catch (error) {
        const reason = String(error.message).slice(0, 120)
        failures.set(reason, (failures.get(reason) ?? 0) + 1)
      }
    }),
  )
  const allOnlineMs = performance.now() - started
  const cpu = cpuMs(server.pid) - cpuBefore
  console.log(`\n# Enrollment: ${AGENTS} agents at once (${machine()})`)
  console.log(`all ${beatMs.length} online after ${(allOnlineMs / 1000).toFixed(2)} s: ${((beatMs.length / allOnlineMs) * 1000).toFixed(0)} enrollments with their first heartbeat a second`)
  console.log(`enroll latency: median ${percentile(enrollMs, 50).toFixed(0)} ms, p99 ${percentile(enrollMs, 99).toFixed(0)} ms`)
  console.log(`first heartbeat latency: median ${percentile(beatMs, 50).toFixed(0)} ms, p99 ${percentile(beatMs, 99).toFixed(0)} ms`)
  console.log(`server CPU: ${(cpu / 1000).toFixed(2)} s, ${(cpu / Math.max(1, beatMs.length)).toFixed(2)} ms per enrollment with its first heartbeat`)
  if (failures.size) console.log(`failed (${AGENTS - beatMs.length}): ${[...failures].map(([reason, count]) => `${count} x ${reason}`).join('; ')}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
