// Benchmark: a cold, signed-in visit to the devices screen of an organization with 10,000 devices,
// for both builds: the time to the list's first row and the bytes on the wire until then. Then
// the export of 100,000 devices as CSV (EXPORT_DEVICES): its first byte, its whole time and the
// server's memory while it streams. Prints figures; asserts nothing. `npm run bench` (builds
// first), or `node test/bench/devices-list.mjs` after both builds (EXPORT_ONLY=1: the export
// alone). Link: 400 ms latency, 400 kbit/s each way, CPU slowed 4x.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { machine, median, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const LINK = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 }
const CPU_SLOWDOWN = 4
const RUNS = Number(process.env.RUNS || 3)
const DEVICES = Number(process.env.DEVICES || 10_000)
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS || 45_000)
const EXPORT_DEVICES = Number(process.env.EXPORT_DEVICES || 100_000)
/** Local storage names the console reads: the token, and the guide's "seen" (so no guide covers the list). */
const TOKEN_KEY = 'axe'
const GUIDE_SEEN_KEY = 'console:guide-seen'

/**
 * One cold visit: a fresh profile holding only the token, an empty cache, the throttled link; the
 * time from navigation start until a row of the list's table is visible, and what came over the wire.
 */
async function visit(url) {
  const token = await signIn(url)
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    // Any answer of the origin will do to write its local storage; the API's 401 is the smallest.
    await page.goto(`${url}/api/users/self`)
    await page.evaluate(([keys, token]) => (localStorage.setItem(keys[0], token), localStorage.setItem(keys[1], '1')), [[TOKEN_KEY, GUIDE_SEEN_KEY], token])
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Network.emulateNetworkConditions', LINK)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const requests = new Map()
    const wire = { bytes: 0, requests: 0 }
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => requests.set(requestId, { url: request.url, sent: timestamp }))
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      wire.bytes += encodedDataLength
      wire.requests++
      const entry = requests.get(requestId)
      if (entry) Object.assign(entry, { bytes: encodedDataLength, done: timestamp })
    })
    await page.goto(`${url}/app/devices`, { waitUntil: 'commit' })
    const firstRow = await page
      .waitForFunction(
        () => {
          const row = document.querySelector('tbody tr')
          return row && row.checkVisibility() ? performance.now() : false
        },
        undefined,
        { polling: 'raf', timeout: TIMEOUT_MS },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => undefined)
    const list = [...requests.values()].find((entry) => /\/api\/devices\/?\?/.test(entry.url) && entry.done)
    return {
      firstRow,
      kib: wire.bytes / 1024,
      requests: wire.requests,
      listMs: list ? (list.done - list.sent) * 1000 : undefined,
      listKib: list ? list.bytes / 1024 : undefined,
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const figure = (values, digits) => (values.every((value) => value !== undefined) ? median(values).toFixed(digits) : 'n/a')
const row = (name, value, unit) => console.log(`  ${name.padEnd(40)}${value.padStart(9)} ${value === 'n/a' ? '' : unit}`)

/** A process's resident memory now, in MiB (Linux). */
function rssMib(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((text) => text.startsWith('VmRSS:'))
  return Number(line?.replace(/\D+/g, '')) / 1024
}

/**
 * One export of the list as the console asks for it: the time to its first byte and to its last,
 * its size and rows, and the server's resident memory sampled every 20 ms while it streams.
 */
async function exportOnce(server, token, query) {
  const before = rssMib(server.pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMib(server.pid))), 20)
  const started = performance.now()
  const response = await fetch(`${server.url}/api/devices/export?${query}`, { headers: { authorization: `Bearer ${token}` } })
  const reader = response.body.getReader()
  let firstByte
  let bytes = 0
  let rows = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    firstByte ??= performance.now() - started
    bytes += next.value.length
    for (const byte of next.value) if (byte === 10) rows++
  }
  const total = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, rssMib(server.pid))
  return { status: response.status, firstByte, total, mib: bytes / 1024 / 1024, rows: rows - 1, before, peak }
}

/** The export bench: a fleet of EXPORT_DEVICES, the whole list and a filtered one, as CSV. */
async function benchExport() {
  const fleet = await prepareFleet(EXPORT_DEVICES)
  const server = await startServer({ dataDir: fleet.dataDir })
  try {
    const token = await signIn(server.url)
    console.log(`export of the devices list as CSV, ${EXPORT_DEVICES.toLocaleString('en')} devices beside the seeded ones (${machine()})`)
    for (const [name, query] of [
      ['every device, by name', 'format=csv'],
      ['every device, by name (again, warm)', 'format=csv'],
      ['online or error, tagged pilot, by last seen', 'format=csv&filter[status]=online&filter[status]=error&filter[tag]=pilot&sort=last_seen&order=desc'],
    ]) {
      const figures = await exportOnce(server, token, query)
      console.log(`  ${name}: ${figures.status}, ${figures.rows.toLocaleString('en')} rows, ${figures.mib.toFixed(1)} MiB`)
      row('first byte', figures.firstByte.toFixed(0), 'ms')
      row('whole file', figures.total.toFixed(0), 'ms')
      row('rows a second', ((figures.rows / figures.total) * 1000).toFixed(0), '')
      row('server memory before', figures.before.toFixed(1), 'MiB')
      row('server memory at most while exporting', figures.peak.toFixed(1), 'MiB')
    }
  } finally {
    await server.stop()
    fleet.remove()
  }
}

if (!process.env.EXPORT_ONLY) {
  const fleet = await prepareFleet(DEVICES)
  try {
    for (const flavour of ['react', 'preact']) {
      const server = await startServer({ dataDir: fleet.dataDir, flavour })
      try {
        const runs = []
        for (let i = 0; i < RUNS; i++) {
          const result = await visit(server.url)
          runs.push(result)
          // A screen without the list times out every time: once is enough to know.
          if (result.firstRow === undefined) break
        }
        console.log(`${flavour} build: cold signed-in visit to /app/devices, ${DEVICES.toLocaleString('en')} devices, median of ${runs.length}`)
        console.log(`  (400 ms latency, 400 kbit/s, CPU ${CPU_SLOWDOWN}x slower; ${machine()})`)
        const shown = runs.every((r) => r.firstRow !== undefined)
        row('first row of the list visible', figure(runs.map((r) => r.firstRow), 0), 'ms')
        if (!shown) console.log(`  (no visible 'tbody tr' within ${TIMEOUT_MS / 1000} s: the devices screen shows no list yet)`)
        row(shown ? 'bytes on the wire until then' : 'bytes on the wire in that time', figure(runs.map((r) => r.kib), 1), 'KiB')
        row('requests finished', figure(runs.map((r) => r.requests), 0), '')
        row('the list request: request to last byte', figure(runs.map((r) => r.listMs), 0), 'ms')
        row('the list request: bytes on the wire', figure(runs.map((r) => r.listKib), 1), 'KiB')
      } finally {
        await server.stop()
      }
    }
  } finally {
    fleet.remove()
  }
}
await benchExport()
