// Benchmark: sign-ins per second under a flood of wrong passwords, and the latency the signed-in
// users see meanwhile. Prints figures; asserts nothing. `npm run bench` (builds first).
// Loopback only; each run lasts FLOOD_SECONDS (10) with 50 connections per autocannon instance.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const root = new URL('../..', import.meta.url).pathname
const ADMIN = { email: 'bench@example.com', password: 'bench-Password-1' }
const USERS = 20
const RUN = { duration: Number(process.env.FLOOD_SECONDS || 10), connections: 50 }
const WRONG = 'not-the-password-9'

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** The built server with a fresh data folder, trusting the last X-Forwarded-For entry. */
async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'console-flood-'))
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: '1' }
  const child = spawn(process.execPath, [join(root, 'dist/server/server.mjs')], {
    cwd: root,
    env: { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await Promise.all([once(child, 'exit'), child.kill()])
    rmSync(dataDir, { recursive: true, force: true })
  }
  const ready = new Promise((resolve, reject) => {
    // Read on after the start too, or a full pipe would stall the server's logging.
    child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  await ready.catch(async (error) => {
    await stop()
    throw error
  })
  return { url: `http://127.0.0.1:${port}`, stop }
}

const post = (url, path, body, client) =>
  fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify(body),
  })

/** Registers USERS users, each from a client of its own, and signs each in for a token. */
async function signUp(url) {
  const users = []
  for (let i = 1; i <= USERS; i++) {
    const user = { name: `Flood user ${i}`, email: `flood-${i}@example.com`, password: `Quiet-lantern-${i}-pasture` }
    const client = `10.9.0.${i}`
    const registered = await post(url, '/register/', user, client)
    if (registered.status !== 201) throw new Error(`Registering ${user.email}: ${registered.status} ${await registered.text()}`)
    const signedIn = await post(url, '/login/users/', { email: user.email, password: user.password }, client)
    if (signedIn.status !== 200) throw new Error(`Signing in ${user.email}: ${signedIn.status} ${await signedIn.text()}`)
    users.push({ ...user, token: (await signedIn.json()).user.auth_key })
  }
  return users
}

const address = (n, users) => (n % 2 ? users[n % users.length].email : `stranger-${n}@example.com`)
const clientOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const FLOODS = [
  ['one address, one client', (n, users) => ({ email: users[0].email, client: '10.1.0.1' })],
  ['many addresses, one client', (n, users) => ({ email: address(n, users), client: '10.2.0.1' })],
  ['many addresses, many clients', (n, users) => ({ email: address(n, users), client: clientOf(n + 1) })],
]

/** Wrong passwords as fast as 50 connections go, each request's address and client from `pick`. */
function flood(url, users, pick) {
  let n = 0
  const setupRequest = (request) => {
    const { email, client } = pick(n++, users)
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': client }
    return { ...request, headers, body: JSON.stringify({ email, password: WRONG }) }
  }
  return autocannon({ url, ...RUN, requests: [{ method: 'POST', path: '/api/login/users/', setupRequest }] })
}

/** `GET /users/self` for the signed-in users, one token per connection. */
function selfRequests(url, users) {
  let next = 0
  const setupClient = (client) => client.setHeaders({ authorization: `Bearer ${users[next++ % users.length].token}` })
  return autocannon({ url: `${url}/api/users/self`, ...RUN, setupClient })
}

const count = (result, status) => result.statusCodeStats[status]?.count ?? 0
const others = (result) =>
  Object.entries(result.statusCodeStats)
    .filter(([status]) => !['200', '401', '429', '503'].includes(status))
    .reduce((sum, [, { count }]) => sum + count, 0) + result.errors // timeouts included
const cell = (value, width) => String(value).padStart(width)

function printRow(name, self, signIns) {
  const sign = signIns
    ? [signIns.requests.average.toFixed(0), ...['200', '401', '429', '503'].map((s) => count(signIns, s)), others(signIns)]
    : ['-', '', '', '', '', '']
  const selfCells = [`${self.latency.p50} ms`, `${self.latency.p99} ms`, self.requests.average.toFixed(0), self.non2xx + self.errors]
  console.log(name.padEnd(30) + sign.map((v) => cell(v, 8)).join('') + '  |' + selfCells.map((v) => cell(v, 10)).join(''))
}

const server = await startServer()
process.once('SIGINT', () => server.stop().then(() => process.exit(130)))
try {
  const users = await signUp(server.url)
  console.log(`API under a sign-in flood: ${RUN.duration} s per run, ${RUN.connections} connections each, ${USERS} signed-in users`)
  console.log('flood'.padEnd(30) + ['sign/s', '200', '401', '429', '503', 'other'].map((v) => cell(v, 8)).join('') + '  |' + ['self p50', 'self p99', 'self/s', 'self err'].map((v) => cell(v, 10)).join(''))
  printRow('none (baseline)', await selfRequests(server.url, users))
  for (const [name, pick] of FLOODS) {
    const [signIns, self] = await Promise.all([flood(server.url, users, pick), selfRequests(server.url, users)])
    printRow(name, self, signIns)
  }
} finally {
  await server.stop()
}
