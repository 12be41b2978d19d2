// Benchmark: every real screen of the console on a kiosk's slow link, for both builds, cold and
// repeat visits. Prints figures; asserts nothing; exits non-zero only when a screen never shows its
// content within 60 s. `node test/bench/screens.mjs` after both builds (it builds a missing one).
// RUNS=1 for a quick run (median of 3 by default), SCREENS=devices,home to choose, BUILDS=preact.
//
// Link: 400 ms latency, 400 kbit/s each way, CPU slowed 4x (CDP, per page). Data: the seeded
// organization plus 10,000 devices, and one app id so its list has a row.
//
// - First content: from navigation start to the frame that shows the screen's first useful content
//   (a list's first data row, a dashboard's first uPlot canvas, home's first tile, billing's plan
//   heading, the sign-in form's `window.consoleReady`); found by table captions, region and heading
//   names read from locales/*/en.json.
// - Bytes: the sum of `Network.loadingFinished` encodedDataLength until first content. Requests:
//   those the page made until then (data: and blob: aside), and of them how many went to the network
//   (not served by the HTTP cache or by a service worker, whose own fetches the page's emulation
//   does not throttle).
// - Floor: 2 round trips (the page, then everything else at once: 2 x 400 ms) + the bytes at
//   400 kbit/s + the renderer's CPU time until first content, read from `Performance.getMetrics`
//   TaskDuration at that moment (the 4x slowdown included). Ratio = first content / floor.
// - Cold: a fresh browser context (one Chromium per build) holding only the token (or nothing, for
//   the sign-in page). After its figures are taken, the link and CPU go back to full speed and the
//   page finishes its loads and, when the build has one, starts its service worker, as a kiosk's
//   page would; then the page closes. Repeat: a new page of the same context opens the same screen,
//   with the HTTP cache and whatever else the console kept (storage, the service worker).
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { machine, median, prepareFleet, root, signIn, startServer } from './bench-fleet.mjs'

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const LATENCY_MS = 400
const KBITS = 400
const LINK = { offline: false, latency: LATENCY_MS, downloadThroughput: (KBITS * 1000) / 8, uploadThroughput: (KBITS * 1000) / 8 }
const FULL_SPEED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
const CPU_SLOWDOWN = 4
const RUNS = Number(process.env.RUNS || 3)
const DEVICES = Number(process.env.DEVICES || 10_000)
const TIMEOUT_MS = 60_000
/** How long a cold page may take to finish its loads at full speed before it closes anyway. */
const SETTLE_MAX_MS = 10_000
const QUIET_MS = 500
const TOKEN_KEY = 'axe'
const GUIDE_SEEN_KEY = 'console:guide-seen'
const ALL_BUILDS = ['react', 'preact']

/** The console's English texts, by key, from locales/en.json and locales/<part>/en.json. */
function englishTexts() {
  const dir = join(root, 'locales')
  const files = [join(dir, 'en.json'), ...readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(dir, entry.name, 'en.json'))]
  const texts = new Map()
  const walk = (value, prefix) => {
    if (typeof value === 'string') texts.set(prefix, value)
    else for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key)
  }
  for (const file of files.filter((file) => existsSync(file))) walk(JSON.parse(readFileSync(file, 'utf8')), '')
  return (key) => {
    const text = texts.get(key)
    if (!text) throw new Error(`No English text for ${key} in locales/`)
    return text
  }
}

const text = englishTexts()

/**
 * Each screen, where it lives and what its first useful content is: `row` a data row of the table
 * captioned `name`; `tile` a tile's link and `entry` an entry of the region named `name`; `chart` a
 * drawn canvas in a figure of the region named `name`; `heading` a heading starting with `name`;
 * `ready` the sign-in form answering input. The audit trail has no route of its own: the
 * organization's trail is home's "Recent changes", timed in the same visits as home's tiles.
 */
const SCREENS = [
  { key: 'sign-in', path: '/login', signedIn: false, content: { kind: 'ready' } },
  { key: 'home', path: '/app/home', content: { kind: 'tile', name: text('homeTiles.title') } },
  { key: 'devices', path: '/app/devices', content: { kind: 'row', name: text('devices.caption') } },
  { key: 'tunnels', path: '/app/tunnels', content: { kind: 'row', name: text('tunnels.caption') } },
  { key: 'access-keys', path: '/app/access_keys', content: { kind: 'row', name: text('accessKeys.caption') } },
  { key: 'users', path: '/app/users', content: { kind: 'row', name: text('users.caption') } },
  { key: 'roles', path: '/app/roles', content: { kind: 'row', name: text('roles.caption') } },
  { key: 'organizations', path: '/app/organizations', content: { kind: 'row', name: text('organizations.caption') } },
  { key: 'app-ids', path: '/app/app_ids', content: { kind: 'row', name: text('appIds.caption') } },
  { key: 'audit-trail', path: '/app/home', content: { kind: 'entry', name: text('audit.recent') } },
  { key: 'network', path: '/app/network', content: { kind: 'chart', name: text('dashboards.network.caption') } },
  { key: 'traffic', path: '/app/traffic', content: { kind: 'chart', name: text('dashboards.traffic.caption') } },
  { key: 'billing', path: '/app/billing', content: { kind: 'heading', name: text('billing.planCard') } },
]

/**
 * In the page, once per frame: when the screen's content is in the page and visible, the time
 * since navigation start (`at`) and the wall-clock time of that start (`origin`), else false.
 * Self-contained: it is sent to the page as source.
 */
function contentShown(content) {
  const now = () => ({ at: performance.now(), origin: performance.timeOrigin })
  const visible = (element) => !!element && element.checkVisibility()
  const nameOf = (element) =>
    element.getAttribute('aria-label') ??
    (element.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
  const region = () => [...document.querySelectorAll('section[aria-label], section[aria-labelledby]')].find((element) => nameOf(element).trim() === content.name)
  const within = (selector) => [...(region()?.querySelectorAll(selector) ?? [])]
  switch (content.kind) {
    case 'ready': {
      const at = content.mark ? performance.getEntriesByName('console:ready')[0]?.startTime : window.__benchReadyAt
      return at === undefined ? false : { at, origin: performance.timeOrigin }
    }
    case 'row': {
      const table = [...document.querySelectorAll('table')].find((element) => element.caption?.textContent.trim() === content.name)
      const row = table && [...table.querySelectorAll('tbody tr')].find((element) => element.querySelector('td') && visible(element))
      return row ? now() : false
    }
    case 'tile':
      return within('li a[href]').some(visible) ? now() : false
    case 'entry':
      return within('ol > li').some(visible) ? now() : false
    case 'chart':
      return within('figure canvas').some((canvas) => canvas.width > 0 && visible(canvas)) ? now() : false
    case 'heading':
      return [...document.querySelectorAll('h1, h2, h3')].some((heading) => heading.textContent.trim().startsWith(content.name) && visible(heading)) ? now() : false
    default:
      throw new Error(`Unknown content ${content.kind}`)
  }
}

/**
 * Runs in every document of a bench profile before the console's scripts: the token (unless the
 * console already keeps one), the guide seen, and the exact moment `window.consoleReady` turns true.
 */
function prepareDocument([token, keys]) {
  if (!location.protocol.startsWith('http')) return
  localStorage.setItem(keys.guide, '1')
  if (token && !localStorage.getItem(keys.token)) localStorage.setItem(keys.token, token)
  let ready
  Object.defineProperty(window, 'consoleReady', {
    configurable: true,
    get: () => ready,
    set: (value) => {
      ready = value
      if (value === true && window.__benchReadyAt === undefined) window.__benchReadyAt = performance.now()
    },
  })
}

/**
 * What a page asks of the network, from its CDP events, each with its time on the wall clock;
 * `until(wallMs)` sums what had been made and finished by then.
 */
function recordTraffic(cdp) {
  const made = new Map()
  const local = new Set()
  const fromWorker = new Set()
  const finished = new Map()
  // CDP stamps most events on a monotonic clock; requestWillBeSent gives the wall clock beside it.
  let wallOffset
  const wallMs = (timestamp) => (timestamp + (wallOffset ?? 0)) * 1000
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type, timestamp, wallTime }) => {
    wallOffset ??= wallTime - timestamp
    if (/^(data|blob):/.test(request.url) || made.has(requestId)) return
    made.set(requestId, { url: request.url, type, at: wallMs(timestamp) })
  })
  cdp.on('Network.requestServedFromCache', ({ requestId }) => local.add(requestId))
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker) local.add(requestId)
    if (response.fromServiceWorker) fromWorker.add(requestId)
    if (response.mimeType === 'text/event-stream' && made.has(requestId)) made.get(requestId).stream = true
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => finished.set(requestId, { bytes: encodedDataLength, at: wallMs(timestamp) }))
  cdp.on('Network.loadingFailed', ({ requestId, timestamp }) => finished.set(requestId, { bytes: 0, at: wallMs(timestamp) }))
  return {
    made,
    /** A request still in flight that will end: the live events stream never does. */
    busy: () => [...made].some(([id, request]) => !request.stream && request.type !== 'EventSource' && !finished.has(id)),
    until: (wall) => {
      const ids = [...made].filter(([, request]) => request.at <= wall).map(([id]) => id)
      const bytes = [...finished.values()].filter((end) => end.at <= wall).reduce((sum, end) => sum + end.bytes, 0)
      return { bytes, requests: ids.length, network: ids.filter((id) => !local.has(id)).length, worker: ids.filter((id) => fromWorker.has(id)).length }
    },
  }
}

/** The renderer's time spent in tasks so far, in ms. */
async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000
}

/** What the page shows when its content never came: its address and any alert. */
async function whatShows(page) {
  const alerts = await page.getByRole('alert').allInnerTexts().catch(() => [])
  return `at ${page.url()}${alerts.length ? `, alerts ${JSON.stringify(alerts)}` : ''}`
}

/** Whether a service worker of the page's origin is active. */
const workerActive = (page) =>
  page.evaluate(() => navigator.serviceWorker?.getRegistration().then((registration) => registration?.active?.state === 'activated') ?? false).catch(() => false)

/**
 * Lets a cold page finish as a kiosk's would before it closes: no request in flight (the live
 * events stream aside) for QUIET_MS and, when the console is to keep a service worker, that worker
 * active. Answers whether the worker came (true when none was expected).
 */
async function settle(page, traffic, expectWorker) {
  const until = Date.now() + SETTLE_MAX_MS
  let quietSince = Date.now()
  let seen = traffic.made.size
  while (Date.now() < until) {
    if (traffic.busy() || traffic.made.size !== seen) {
      quietSince = Date.now()
      seen = traffic.made.size
    } else if (Date.now() - quietSince >= QUIET_MS && (!expectWorker || (await workerActive(page)))) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !expectWorker
}

/**
 * One visit of `page` to `path` on the throttled link; for each of `screens` (those shown on that
 * page) the time to its first content, the traffic until then and the renderer's task time. A cold
 * visit then lets the page finish at full speed (and its service worker start, if `expectWorker`).
 */
async function visit(context, page, url, { path, screens }, { cold, expectWorker }) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', LINK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await cdp.send('Performance.enable')
  const traffic = recordTraffic(cdp)
  const tasksBefore = await taskMs(cdp)
  const started = Date.now()
  await page.goto(`${url}${path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS })
  const results = await Promise.all(
    screens.map(async (screen) => {
      const shown = await page
        .waitForFunction(contentShown, screen.content, { polling: 'raf', timeout: Math.max(TIMEOUT_MS - (Date.now() - started), 1) })
        .then((handle) => handle.jsonValue())
        .catch(() => undefined)
      const result = { firstContent: shown?.at, ...traffic.until(shown ? shown.origin + shown.at : Date.now()) }
      const tasksAfter = await taskMs(cdp)
      // A renderer started for this page counts from zero; one kept from about:blank counts on.
      result.cpuMs = tasksAfter >= tasksBefore ? tasksAfter - tasksBefore : tasksAfter
      if (!shown) result.failure = await whatShows(page)
      return result
    }),
  )
  if (cold && results.every((result) => !result.failure)) {
    await cdp.send('Network.emulateNetworkConditions', FULL_SPEED)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const worker = await settle(page, traffic, expectWorker)
    for (const result of results) result.workerMissing = !worker
  }
  await cdp.detach().catch(() => undefined)
  return results
}

/**
 * A cold visit in a fresh context of `browser`, then a repeat visit in a new page of the same
 * context: for each screen of `visitPlan`, `{ cold, repeat }`.
 */
async function coldAndRepeat(browser, url, visitPlan, token, buildHasWorker) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(prepareDocument, [visitPlan.signedIn ? token : null, { token: TOKEN_KEY, guide: GUIDE_SEEN_KEY }])
    const first = await context.newPage()
    // The console registers the build's worker, on the sign-in page too.
    const colds = await visit(context, first, url, visitPlan, { cold: true, expectWorker: buildHasWorker })
    if (colds.some((cold) => cold.failure)) return colds.map((cold) => ({ cold }))
    // The kiosk's page closes and opens again; the context (its caches, storage, worker) stays.
    const second = await context.newPage()
    await first.close()
    const repeats = await visit(context, second, url, visitPlan, { cold: false })
    return colds.map((cold, index) => ({ cold, repeat: repeats[index] }))
  } finally {
    await context.close()
  }
}

/** The chosen screens grouped by the page that shows them (home shows its tiles and the trail). */
function visitPlans(screens) {
  const plans = []
  for (const screen of screens) {
    const signedIn = screen.signedIn !== false
    const plan = plans.find((one) => one.path === screen.path && one.signedIn === signedIn)
    if (plan) plan.screens.push(screen)
    else plans.push({ path: screen.path, signedIn, screens: [screen] })
  }
  return plans
}

/** The floor of a visit in ms: two round trips, its bytes at the link's rate, its CPU time. */
const floorMs = (run) => 2 * LATENCY_MS + (run.bytes * 8) / KBITS + run.cpuMs

/** A copy of the build, so a rebuild by someone else during the run changes nothing under the server. */
function snapshotBuild(flavour) {
  if (!existsSync(join(root, 'dist', flavour, 'manifest.json')) || !existsSync(join(root, 'dist/server/server.mjs'))) {
    console.log(`Building dist/${flavour}...`)
    const built = spawnSync(process.execPath, ['build.mjs', ...(flavour === 'preact' ? ['--preact'] : [])], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
    if (built.status !== 0) throw new Error(`node build.mjs${flavour === 'preact' ? ' --preact' : ''} failed`)
  }
  const copy = mkdtempSync(join(tmpdir(), `console-${flavour}-`))
  cpSync(join(root, 'dist', flavour), copy, { recursive: true })
  return copy
}

/** Whether the build marks the moment its form answers input with `window.consoleReady`. */
const setsConsoleReady = (dir) =>
  readdirSync(join(dir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(join(dir, 'assets', name), 'utf8').includes('consoleReady'))

/** One app id, so that list has a row to show; the seeded organization has none. */
async function addAppId(url, token) {
  const response = await fetch(`${url}/api/app_ids/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Kiosk bench', redirect_uris: ['http://localhost:9999/callback'], scopes: ['devices'] }),
  })
  if (response.status !== 201) throw new Error(`Adding an app id: ${response.status} ${await response.text()}`)
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const figure = (runs, pick, format) => (runs.length && runs.every((run) => pick(run) !== undefined) ? format(median(runs.map(pick))) : 'n/a')
/** Requests made, and of them those that went to the network and those a service worker answered. */
const requestsCell = (runs) => {
  if (!runs.length) return 'n/a'
  const worker = runs.some((run) => run.worker) ? `, ${figure(runs, (run) => run.worker, String)} sw` : ''
  return `${figure(runs, (run) => run.requests, String)} (${figure(runs, (run) => run.network, String)} net${worker})`
}

/** The table of one build: a row per screen. */
function printTable(flavour, results, hasWorker) {
  const header = ['screen', 'cold first content', 'bytes', 'requests', 'floor', 'ratio', 'repeat first content', 'repeat requests']
  const rows = results.map(({ screen, runs }) => {
    const colds = runs.map((run) => run.cold).filter((run) => run.firstContent !== undefined)
    const repeats = runs.map((run) => run.repeat).filter((run) => run && run.firstContent !== undefined)
    const cold = colds.length ? median(colds.map((run) => run.firstContent)) : undefined
    const floor = colds.length ? median(colds.map(floorMs)) : undefined
    return [
      screen.key,
      cold === undefined ? 'never' : seconds(cold),
      figure(colds, (run) => run.bytes, kb),
      requestsCell(colds),
      floor === undefined ? 'n/a' : seconds(floor),
      cold === undefined ? 'n/a' : `${(cold / floor).toFixed(2)}x`,
      figure(repeats, (run) => run.firstContent, seconds),
      requestsCell(repeats),
    ]
  })
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`
  console.log(`\n${flavour} build: median of ${RUNS} run(s); ${LATENCY_MS} ms latency, ${KBITS} kbit/s each way, CPU ${CPU_SLOWDOWN}x slower`)
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
  const cpu = results.map(({ screen, runs }) => `${screen.key} ${figure(runs.map((run) => run.cold).filter((run) => run.firstContent !== undefined), (run) => run.cpuMs, (ms) => ms.toFixed(0))}`)
  console.log(`renderer task time until first content (ms, in the floor): ${cpu.join(', ')}`)
  const missing = results.filter(({ runs }) => runs.some((run) => run.cold.workerMissing)).map(({ screen }) => screen.key)
  if (hasWorker) console.log(missing.length ? `no active service worker when the cold page closed (repeat without it): ${missing.join(', ')}` : 'the build keeps a service worker: every cold page closed with it active')
}

/** The names listed in the env `variable` (comma-separated), every one of `all` when unset. */
const chosen = (variable, all) => {
  const names = (process.env[variable] ?? '').split(',').map((name) => name.trim()).filter(Boolean)
  const unknown = names.filter((name) => !all.includes(name))
  if (unknown.length) throw new Error(`${variable}: no ${unknown.join(', ')}; choose from ${all.join(', ')}`)
  return names.length ? names : all
}

const began = Date.now()
const screens = chosen('SCREENS', SCREENS.map((screen) => screen.key)).map((key) => SCREENS.find((screen) => screen.key === key))
const builds = chosen('BUILDS', ALL_BUILDS)
const copies = Object.fromEntries(builds.map((flavour) => [flavour, snapshotBuild(flavour)]))
console.log(`# Screens on a slow link: ${DEVICES.toLocaleString('en')} devices, ${screens.length} screen(s), ${builds.join(' and ')} (${machine()})`)
const failures = []
const fleet = await prepareFleet(DEVICES)
try {
  let appIdAdded = false
  for (const flavour of builds) {
    const server = await startServer({ dataDir: fleet.dataDir, env: { STATIC_DIR: copies[flavour] } })
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS })
    try {
      const token = await signIn(server.url)
      if (!appIdAdded) await addAppId(server.url, token)
      appIdAdded = true
      const markOnly = !setsConsoleReady(copies[flavour])
      const hasWorker = existsSync(join(copies[flavour], 'sw.js'))
      if (markOnly) console.log(`${flavour}: no window.consoleReady in this build; the sign-in page counts from performance.mark('console:ready')`)
      const runsOf = new Map(screens.map((screen) => [screen.key, []]))
      const plans = visitPlans(screens.map((screen) => (markOnly && screen.content.kind === 'ready' ? { ...screen, content: { ...screen.content, mark: true } } : screen)))
      for (const plan of plans) {
        for (let i = 0; i < RUNS; i++) {
          const outcomes = await coldAndRepeat(browser, server.url, plan, token, hasWorker)
          plan.screens.forEach((screen, index) => runsOf.get(screen.key).push(outcomes[index]))
          const failed = outcomes.map((run, index) => [plan.screens[index], run]).filter(([, run]) => run.cold.failure ?? run.repeat?.failure)
          for (const [screen, run] of failed) {
            failures.push(`${flavour} ${screen.key} (${run.cold.failure ? 'cold' : 'repeat'}): no content within ${TIMEOUT_MS / 1000} s, ${run.cold.failure ?? run.repeat.failure}`)
          }
          // A screen without its content times out every time: once is enough to know.
          if (failed.length) break
        }
      }
      const results = screens.map((screen) => ({ screen, runs: runsOf.get(screen.key) }))
      printTable(flavour, results, hasWorker)
    } finally {
      await browser.close()
      await server.stop()
    }
  }
} finally {
  fleet.remove()
  for (const copy of Object.values(copies)) rmSync(copy, { recursive: true, force: true })
}
console.log(`\nrequests: made by the page until first content; in brackets those that went to the network (neither the HTTP cache nor a service worker`)
console.log(`answered them) and those a service worker answered (its own fetches are not throttled and not counted).`)
console.log(`floor: 2 x ${LATENCY_MS} ms + bytes at ${KBITS} kbit/s + renderer task time; ratio: cold first content / floor. Whole run: ${((Date.now() - began) / 1000).toFixed(0)} s.`)
for (const failure of failures) console.error(`FAILED ${failure}`)
if (failures.length) process.exitCode = 1
