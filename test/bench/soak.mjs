// Benchmark: held for days. SOAK_STREAMS (1,000) open event streams, half on five console
// sessions and half on five access keys, while a steady flow of heartbeats (8/s, some changing a
// device's status) and edits (one every 2 s) runs for SOAK_MINUTES (10). Each minute it prints the
// server's memory after a full GC, its open files and CPU, the streams that dropped (each is
// reopened with Last-Event-ID, as the console does), the edits some stream never heard, and the
// delay from a write's answer to its event on the streams. Prints figures; asserts nothing.
// `npm run bench` (builds first), or `node test/bench/soak.mjs` after a build.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createParser } from 'eventsource-parser'
import { ADMIN, cpuMs, freePort, machine, root, signIn } from './bench-fleet.mjs'

const STREAMS = Number(process.env.SOAK_STREAMS || 1000)
const MINUTES = Number(process.env.SOAK_MINUTES || 10)
const BEAT_EVERY_MS = 125
const EDIT_EVERY_MS = 2000
const MB = 1024 * 1024

// Loaded into the server before its own code: answers 'memory' over the IPC channel after a full GC.
const PROBE = `data:text/javascript,${encodeURIComponent(
  "process.on('message', (m) => { if (m !== 'memory') return; globalThis.gc(); const u = process.memoryUsage(); process.send({ rss: u.rss, heap: u.heapUsed, heapTotal: u.heapTotal, external: u.external }) })",
)}`

async function startServer() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'console-soak-'))
  const child = spawn(process.execPath, ['--expose-gc', '--import', PROBE, join(root, 'dist/server/server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist/react'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OFFLINE_AFTER_S: String(365 * 24 * 3600) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  const memory = () => new Promise((resolve) => (child.once('message', resolve), child.send('memory')))
  const files = () => readdirSync(`/proc/${child.pid}/fd`).length
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await Promise.all([once(child, 'exit'), child.kill()])
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, memory, files, stop }
}

/** Each answered write's time from send to answer, for the minute's figures, and how many in all. */
const writes = { times: [], answered: 0 }

async function api(url, method, path, token, body) {
  const sent = performance.now()
  const what = `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}`
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const response = await fetch(`${url}/api${path}`, { method, headers, body: body && JSON.stringify(body) }).catch((error) => {
    throw new Error(`${what}: ${error.cause?.code ?? error.message}`)
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(`${what}: ${response.status} ${answer.message}`)
  if (method !== 'GET') writes.times.push(performance.now() - sent), writes.answered++
  return answer
}

/** What the streams heard: per minute, each event's delay after its write's answer. */
const heard = { open: 0, drops: [], resets: 0, delays: [], answered: new Map(), early: new Map(), edits: new Map() }

function arrived(key, isEdit) {
  const at = performance.now()
  if (isEdit) heard.edits.set(key, (heard.edits.get(key) ?? 0) + 1)
  const answeredAt = heard.answered.get(key)
  // An event may beat its own answer back: its delay is none.
  if (answeredAt === undefined) heard.early.set(key, (heard.early.get(key) ?? 0) + 1)
  else heard.delays.push(at - answeredAt)
}

function answered(key) {
  heard.answered.set(key, performance.now())
  for (let n = heard.early.get(key) ?? 0; n > 0; n--) heard.delays.push(0)
  heard.early.delete(key)
}

/** One event stream on a raw HTTP connection, reopened with Last-Event-ID when it ends. */
function openStream(url, token, stopped) {
  let lastId
  const connect = () =>
    new Promise((resolve) => {
      const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) }
      let wasOpen = false
      let done = false
      const ended = (reason) => {
        if (done) return
        done = true
        if (wasOpen) heard.open--
        if (stopped()) return resolve()
        heard.drops.push(reason)
        setTimeout(() => connect(), 1000)
        resolve()
      }
      const request = http.get(`${url}/api/events`, { agent: false, headers }, (response) => {
        if (response.statusCode !== 200) return response.resume(), ended(`status ${response.statusCode}`)
        wasOpen = true
        heard.open++
        resolve()
        const parser = createParser({
          onEvent: ({ event, id, data }) => {
            if (id) lastId = id
            if (event === 'reset') heard.resets++
            else if (event === 'change') {
              const change = JSON.parse(data)
              arrived(`${change.id}:${change.version}`, true)
            } else if (event === 'device') {
              const device = JSON.parse(data)
              arrived(`${device.id}:${device.last_seen}`, false)
            }
          },
        })
        response.setEncoding('utf8')
        response.on('data', (chunk) => parser.feed(chunk))
        response.on('end', () => ended('ended by the server'))
        response.on('error', (error) => ended(error.code ?? error.message))
      })
      request.on('error', (error) => ended(error.code ?? error.message))
    })
  return connect()
}

/** Heartbeats round the fleet, every sixth of a device's beats switching it between online and error; an edit every 2 s. */
function startLoad(url, token, key, devices) {
  const failures = []
  let beats = 0
  let edits = 0
  const beat = setInterval(() => {
    const device = devices[beats % devices.length]
    const round = Math.floor(beats++ / devices.length)
    const status = Math.floor(round / 6) % 2 ? 'error' : 'online'
    const metrics = { latency_ms: 20, bytes_in: 4096, bytes_out: 1024, cpu: 30, memory: 40 }
    api(url, 'POST', `/devices/${device.id}/heartbeat`, key, { status, ip: '10.0.0.2', firmware: '2.5.0', metrics }).then(
      (answer) => answered(`${device.id}:${answer.last_seen}`),
      (error) => failures.push(error.message),
    )
  }, BEAT_EVERY_MS)
  const edit = setInterval(() => {
    const device = devices[edits++ % devices.length]
    api(url, 'PUT', `/devices/${device.id}`, token, { ...device, location: `Soak ${edits}` }).then(
      (saved) => {
        device.version = saved.version
        answered(`${device.id}:${saved.version}`)
        heard.edits.set(`${device.id}:${saved.version}`, heard.edits.get(`${device.id}:${saved.version}`) ?? 0)
      },
      (error) => failures.push(error.message),
    )
  }, EDIT_EVERY_MS)
  return { failures, stop: () => (clearInterval(beat), clearInterval(edit)), counts: () => ({ beats, edits }) }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN)
const cell = (value, width) => String(value).padStart(width)
const HEAD = ['minute', 'RSS MB', 'heap MB', 'of MB', 'ext MB', 'files', 'CPU %', 'writes', 'w p99', 'open', 'dropped', 'resets', 'events', 'e p50', 'e p99', 'e max']
const LEGEND = [
  'Server: RSS, heap used after a full GC (of the heap\'s size) and external memory in MB, open files, CPU % of one core.',
  'Writes answered in the minute, w p99: send to answer in ms. Streams open, dropped and reset so far.',
  'Events heard on all streams in the minute, e p50/p99/max: from the write\'s answer to the event, in ms.',
]

async function sample(server, label, since) {
  const { rss, heap, heapTotal, external } = await server.memory()
  const cpu = cpuMs(server.pid)
  const delays = heard.delays.splice(0).sort((a, b) => a - b)
  const seconds = (performance.now() - since.at) / 1000
  const answers = writes.times.splice(0).sort((a, b) => a - b)
  const megabytes = [rss, heap, heapTotal, external].map((bytes) => (bytes / MB).toFixed(1))
  const row = [label, ...megabytes, server.files(), ((cpu - since.cpu) / 10 / seconds).toFixed(0), answers.length, percentile(answers, 99).toFixed(0)]
  row.push(heard.open, heard.drops.length, heard.resets, delays.length, percentile(delays, 50).toFixed(1), percentile(delays, 99).toFixed(1), (delays.at(-1) ?? NaN).toFixed(1))
  console.log(row.map((value, i) => cell(value, i ? 8 : 7)).join(''))
  since.at = performance.now()
  since.cpu = cpu
}

const server = await startServer()
process.once('SIGINT', () => server.stop().then(() => process.exit(130)))
let stopping = false
try {
  const sessions = []
  for (let n = 0; n < 5; n++) sessions.push(await signIn(server.url))
  const keys = []
  for (let n = 0; n < 5; n++) keys.push((await api(server.url, 'POST', '/access_keys/', sessions[0], { name: `Kiosk ${n + 1}`, scopes: ['devices'], expires_in_days: 7 })).secret)
  const beater = (await api(server.url, 'POST', '/access_keys/', sessions[0], { name: 'Heartbeats', scopes: ['devices'], expires_in_days: 7 })).secret
  const devices = await api(server.url, 'GET', '/devices/?per_page=100', sessions[0])
  const tokens = [...sessions, ...keys]
  for (let n = 0; n < STREAMS; n += 50) {
    await Promise.all(Array.from({ length: Math.min(50, STREAMS - n) }, (_, i) => openStream(server.url, tokens[(n + i) % tokens.length], () => stopping)))
  }
  console.log(`Soak: ${heard.open} event streams over ${tokens.length} principals, ${devices.length} devices, ${MINUTES} min; ${machine()}`)
  console.log(`${LEGEND.join('\n')}\n${HEAD.map((name, i) => cell(name, i ? 8 : 7)).join('')}`)
  writes.times.length = writes.answered = 0
  const since = { at: performance.now(), cpu: cpuMs(server.pid) }
  await sample(server, 'start', since)
  const load = startLoad(server.url, sessions[0], beater, devices)
  for (let minute = 1; minute <= MINUTES; minute++) {
    await new Promise((resolve) => setTimeout(resolve, 60_000))
    await sample(server, String(minute), since)
  }
  load.stop()
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const edits = [...heard.edits.values()]
  const unheard = edits.reduce((sum, n) => sum + Math.max(0, STREAMS - n), 0)
  const { beats, edits: sent } = load.counts()
  console.log(`Writes: ${beats} heartbeats, ${sent} edits, ${writes.answered} answered, ${load.failures.length} failed`)
  for (const reason of new Set(load.failures)) console.log(`  ${reason} x${load.failures.filter((r) => r === reason).length}`)
  console.log(`Edits some stream never heard: ${unheard} deliveries missing of ${edits.length * STREAMS}`)
  for (const reason of new Set(heard.drops)) console.log(`Dropped: ${reason} x${heard.drops.filter((r) => r === reason).length}`)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  stopping = true
  await server.stop()
  // The streams' sockets would keep this process waiting.
  process.exit()
}
