// Benchmark: a cold, signed-in visit to the network and traffic dashboards, for both builds: the
// time until the first chart is drawn (uPlot's canvas in the page) and the bytes on the wire until
// then. The data is the seeded fleet with its day of heartbeats (plus DEVICES more devices).
// Prints figures; asserts nothing. `npm run bench` (builds first), or `node test/bench/dashboards.mjs`
// after both builds. Link: 400 ms latency, 400 kbit/s each way, CPU slowed 4x, as devices-list.mjs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { machine, median, prepareFleet, signIn, startServer } from './bench-fleet.mjs'

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const LINK = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 }
const CPU_SLOWDOWN = 4
const RUNS = Number(process.env.RUNS || 3)
const DEVICES = Number(process.env.DEVICES || 0)
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS || 60_000)
const SCREENS = [
  { path: '/app/network', api: /\/api\/metrics\/network/ },
  { path: '/app/traffic', api: /\/api\/metrics\/traffic/ },
]
/** Local storage names the console reads: the token, and the guide's "seen" (so no guide covers the screen). */
const TOKEN_KEY = 'axe'
const GUIDE_SEEN_KEY = 'console:guide-seen'

/** One cold visit to `screen`: a fresh profile holding only the token, an empty cache, the throttled link. */
async function visit(url, screen) {
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
    await page.goto(`${url}${screen.path}`, { waitUntil: 'commit' })
    const firstChart = await page
      .waitForFunction(
        () => {
          const canvas = document.querySelector('.uplot canvas')
          return canvas && canvas.width > 0 && canvas.checkVisibility() ? performance.now() : false
        },
        undefined,
        { polling: 'raf', timeout: TIMEOUT_MS },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => undefined)
    const kib = wire.bytes / 1024
    const metrics = [...requests.values()].find((entry) => screen.api.test(entry.url) && entry.done)
    return {
      firstChart,
      kib,
      requests: wire.requests,
      apiMs: metrics ? (metrics.done - metrics.sent) * 1000 : undefined,
      apiKib: metrics ? metrics.bytes / 1024 : undefined,
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const figure = (values, digits) => (values.every((value) => value !== undefined) ? median(values).toFixed(digits) : 'n/a')
const row = (name, value, unit) => console.log(`  ${name.padEnd(44)}${value.padStart(9)} ${value === 'n/a' ? '' : unit}`)

const fleet = await prepareFleet(DEVICES)
try {
  for (const flavour of ['react', 'preact']) {
    const server = await startServer({ dataDir: fleet.dataDir, flavour })
    try {
      for (const screen of SCREENS) {
        const runs = []
        for (let i = 0; i < RUNS; i++) {
          const result = await visit(server.url, screen)
          runs.push(result)
          if (result.firstChart === undefined) break
        }
        console.log(`${flavour} build: cold signed-in visit to ${screen.path}, seeded fleet${DEVICES ? ` + ${DEVICES.toLocaleString('en')} devices` : ''}, median of ${runs.length}`)
        console.log(`  (400 ms latency, 400 kbit/s, CPU ${CPU_SLOWDOWN}x slower; ${machine()})`)
        const drawn = runs.every((r) => r.firstChart !== undefined)
        row('first chart drawn', figure(runs.map((r) => r.firstChart), 0), 'ms')
        if (!drawn) console.log(`  (no visible '.uplot canvas' within ${TIMEOUT_MS / 1000} s)`)
        row(drawn ? 'bytes on the wire until then' : 'bytes on the wire in that time', figure(runs.map((r) => r.kib), 1), 'KiB')
        row('requests finished', figure(runs.map((r) => r.requests), 0), '')
        row('the metrics request: request to last byte', figure(runs.map((r) => r.apiMs), 0), 'ms')
        row('the metrics request: bytes on the wire', figure(runs.map((r) => r.apiKib), 1), 'KiB')
      }
    } finally {
      await server.stop()
    }
  }
} finally {
  fleet.remove()
}
