// Benchmark: every real screen of the console on a kiosk's slow link, for both builds, cold and
// repeat visits. Prints figures; asserts nothing; exits non-zero only when a screen never shows its
// content within 60 s. `node test/bench/screens.mjs` after both builds (it builds a missing one).
// RUNS=1 for a quick run (median of 3 by default), SCREENS=devices,home to choose, BUILDS=preact.
// A line per visit tells how far the run is; the whole run (21 screens, two builds, RUNS=3) takes
// some 20 minutes.
//
// Link: 400 ms latency, 400 kbit/s each way, CPU slowed 4x (CDP, per page). Data: the seeded
// organization plus 10,000 devices, one app id, a webhook to a receiver on this machine (the server
// runs with WEBHOOKS_ALLOW_PRIVATE=1), and three alert rules of which two fire for some of the
// fleet (so the alerts screen has rows); the audit trail holds what seeding and these wrote.
//
// - Screens: sign-in and every route of `/app` but the template's demo pages; the bench says which
//   route of the build's manifest (`dist/<flavour>/manifest.json`) it does not measure, if any.
// - First content: from navigation start to the frame that shows the screen's first useful content
//   (a list's first data row, a dashboard's first uPlot canvas, home's first tile, a detail page's
//   summary of its record, the trail's first entry, the API reference's first operation, billing's
//   plan heading, the sign-in form's `window.consoleReady`); found by table captions, region and
//   heading names read from locales/*/en.json, and by the record's own name. A loading state never
//   counts: each of these is drawn from data only.
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
import { once } from 'node:events'
import { createServer as createHttpServer } from 'node:http'
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
 * drawn canvas in a figure of the region named `name`; `summary` the facts (`dl dd`) of the region
 * labelled by the heading `heading` once that heading reads the record's name `name`; `operation`
 * an operation (`details > summary`) in a group of the region named `name`; `heading` a heading
 * starting with `name`; `ready` the sign-in form answering input. `{device}`, `{user}`, `{role}`
 * and their names are filled in from the seeded data (`fillIn`). `route` is the route's path in
 * the build's manifest.
 */
const SCREENS = [
  { key: 'sign-in', path: '/login', route: '/login', signedIn: false, content: { kind: 'ready' } },
  { key: 'home', path: '/app/home', content: { kind: 'tile', name: text('homeTiles.title') } },
  { key: 'profile', path: '/app/profile', content: { kind: 'summary', heading: 'profile-title', name: '{selfName}' } },
  { key: 'devices', path: '/app/devices', content: { kind: 'row', name: text('devices.caption') } },
  { key: 'device', path: '/app/devices/details?id={device}', content: { kind: 'summary', heading: 'device-name', name: '{deviceName}' } },
  { key: 'alerts', path: '/app/alerts', content: { kind: 'row', name: text('alerts.firing') } },
  { key: 'alert-rules', path: '/app/alerts/rules', content: { kind: 'row', name: text('alerts.rules.caption') } },
  { key: 'webhooks', path: '/app/alerts/webhooks', content: { kind: 'row', name: text('webhooks.caption') } },
  { key: 'tunnels', path: '/app/tunnels', content: { kind: 'row', name: text('tunnels.caption') } },
  { key: 'access-keys', path: '/app/access_keys', content: { kind: 'row', name: text('accessKeys.caption') } },
  { key: 'users', path: '/app/users', content: { kind: 'row', name: text('users.caption') } },
  { key: 'user', path: '/app/users/details?id={user}', content: { kind: 'summary', heading: 'user-name', name: '{userName}' } },
  { key: 'roles', path: '/app/roles', content: { kind: 'row', name: text('roles.caption') } },
  { key: 'role', path: '/app/roles/details?id={role}', content: { kind: 'summary', heading: 'role-name', name: '{roleName}' } },
  { key: 'organizations', path: '/app/organizations', content: { kind: 'row', name: text('organizations.caption') } },
  { key: 'app-ids', path: '/app/app_ids', content: { kind: 'row', name: text('appIds.caption') } },
  { key: 'audit-trail', path: '/app/audit', content: { kind: 'entry', name: text('audit.screenTitle') } },
  { key: 'network', path: '/app/network', content: { kind: 'chart', name: text('dashboards.network.caption') } },
  { key: 'traffic', path: '/app/traffic', content: { kind: 'chart', name: text('dashboards.traffic.caption') } },
  { key: 'billing', path: '/app/billing', content: { kind: 'heading', name: text('billing.planCard') } },
  { key: 'api-reference', path: '/app/api', content: { kind: 'operation', name: text('apiReference.caption') } },
]

/** The route of the build's manifest a screen opens: its path without the query. */
const routeOf = (screen) => screen.route ?? screen.path.split('?')[0]

/**
 * The `/app` routes of the build's manifest that no screen here measures, the template's demo
 * pages (their pages are named `app-demo-*`) and the shell's own entry aside: a new route shows up
 * here until it is added above.
 */
function unmeasuredRoutes(dir) {
  const { pages } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  const measured = new Set(SCREENS.map(routeOf))
  return Object.entries(pages)
    .filter(([path, page]) => path.startsWith('/app/') && !page.startsWith('app-demo-') && !measured.has(path))
    .map(([path]) => path)
}

/** `screen` with the seeded records' ids and names put in for the `{names}` in its path and content. */
function fillIn(screen, seeded) {
  const fill = (value) =>
    value.replace(/\{(\w+)\}/g, (whole, name) => {
      if (seeded[name] === undefined) throw new Error(`${screen.key}: nothing seeded for ${whole}`)
      return name.endsWith('Name') ? seeded[name] : encodeURIComponent(seeded[name])
    })
  return { ...screen, path: fill(screen.path), content: { ...screen.content, ...(screen.content.name ? { name: fill(screen.content.name) } : {}) } }
}

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
    case 'summary': {
      const heading = document.getElementById(content.heading)
      const section = heading && document.querySelector(`section[aria-labelledby="${content.heading}"]`)
      const named = heading && heading.textContent.trim() === content.name
      return named && [...section.querySelectorAll('dl dd')].some(visible) ? now() : false
    }
    case 'operation':
      return within('section details > summary').some(visible) ? now() : false
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

/** A JSON call to the API as the admin; answers the body, throws on an unexpected status. */
async function api(url, token, method, path, body, expected = method === 'POST' ? 201 : 200) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** A webhook receiver on this machine that takes every delivery: the webhook's last try shows a success. */
async function startReceiver() {
  const server = createHttpServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(204).end())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${server.address().port}/hooks/kiosk-bench`, stop: () => new Promise((resolve) => server.close(resolve) && server.closeAllConnections()) }
}

/** How long seeding waits for the server's alert sweep (every 5 s) to open the rules' alerts. */
const ALERTS_WAIT_MS = 30_000

/**
 * What the screens need beyond the seeded organization, made once over the API (the data folder
 * is shared by both builds' servers): one app id (the seeded organization has none); a webhook to
 * `receiver`; three alert rules, two of which fire at once for part of the fleet (kiosks reporting
 * an error, pilots silent for six days), and a metric rule calling the webhook; then it waits for
 * the sweep to open their alerts. Answers the ids and names the detail screens open.
 */
async function seedScreens(url, token, receiver) {
  await api(url, token, 'POST', '/app_ids/', { name: 'Kiosk bench', redirect_uris: ['http://localhost:9999/callback'], scopes: ['devices'] })
  const webhook = await api(url, token, 'POST', '/webhooks/', { name: 'Kiosk bench receiver', url: receiver, description: 'A receiver on the bench machine' })
  const rule = { enabled: true, emails: ['ops@example.com'], language: 'en' }
  await api(url, token, 'POST', '/alert_rules/', { ...rule, name: 'Kiosk reports an error', target: 'tag', tag: 'kiosk', condition: 'error' })
  await api(url, token, 'POST', '/alert_rules/', { ...rule, name: 'Pilot silent for six days', target: 'tag', tag: 'pilot', condition: 'offline', grace_s: 6 * 86400 })
  await api(url, token, 'POST', '/alert_rules/', {
    ...rule,
    name: 'Signage CPU above 95%',
    target: 'tag',
    tag: 'signage',
    condition: 'metric',
    metric: 'cpu',
    threshold: 95,
    duration_s: 600,
    webhook_ids: [webhook.id],
  })
  const until = Date.now() + ALERTS_WAIT_MS
  while ((await api(url, token, 'GET', '/alerts?state=firing&per_page=5')).length === 0) {
    if (Date.now() > until) throw new Error(`No alert fired within ${ALERTS_WAIT_MS / 1000} s of making the rules`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const self = await api(url, token, 'GET', '/users/self')
  const [device] = await api(url, token, 'GET', '/devices/?sort=name&order=asc&per_page=5')
  const users = await api(url, token, 'GET', '/users/?sort=name&order=asc&per_page=10')
  const user = users.find((one) => one.id !== self.id) ?? users[0]
  const roles = await api(url, token, 'GET', '/roles/?sort=name&order=asc&per_page=10')
  const role = roles.find((one) => !one.builtin) ?? roles[0]
  if (!device || !user || !role) throw new Error('Seeding: no device, user or role to open')
  return {
    selfName: self.name,
    device: device.id,
    deviceName: device.name,
    user: user.id,
    userName: user.name.trim() || user.email,
    role: role.id,
    roleName: role.name,
  }
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

/** One visit's progress line: how far the run is, and the visit's cold and repeat figures. */
function progress(done, total, flavour, plan, run, outcomes) {
  const figures = plan.screens.map((screen, index) => {
    const { cold, repeat } = outcomes[index]
    if (cold.failure) return `${screen.key} cold never`
    const ratio = `${(cold.firstContent / floorMs(cold)).toFixed(2)}x`
    return `${screen.key} cold ${seconds(cold.firstContent)} (${ratio}), repeat ${repeat?.firstContent === undefined ? 'never' : seconds(repeat.firstContent)}`
  })
  const elapsed = Math.round((Date.now() - began) / 1000)
  console.log(`  [${done}/${total}] ${flavour} run ${run}/${RUNS}: ${figures.join('; ')} (${Math.floor(elapsed / 60)} min ${elapsed % 60} s in)`)
}

const began = Date.now()
const screens = chosen('SCREENS', SCREENS.map((screen) => screen.key)).map((key) => SCREENS.find((screen) => screen.key === key))
const builds = chosen('BUILDS', ALL_BUILDS)
const copies = Object.fromEntries(builds.map((flavour) => [flavour, snapshotBuild(flavour)]))
console.log(`# Screens on a slow link: ${DEVICES.toLocaleString('en')} devices, ${screens.length} screen(s), ${builds.join(' and ')} (${machine()})`)
for (const flavour of builds) {
  const unmeasured = unmeasuredRoutes(copies[flavour])
  if (unmeasured.length) console.log(`${flavour}: routes of the build this bench does not measure: ${unmeasured.join(', ')}`)
}
const failures = []
const fleet = await prepareFleet(DEVICES)
const receiver = await startReceiver()
try {
  let seeded
  const total = builds.length * visitPlans(screens).length * RUNS
  let done = 0
  for (const flavour of builds) {
    const server = await startServer({ dataDir: fleet.dataDir, env: { STATIC_DIR: copies[flavour], WEBHOOKS_ALLOW_PRIVATE: '1' } })
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS })
    try {
      const token = await signIn(server.url)
      seeded ??= await seedScreens(server.url, token, receiver.url)
      const markOnly = !setsConsoleReady(copies[flavour])
      const hasWorker = existsSync(join(copies[flavour], 'sw.js'))
      if (markOnly) console.log(`${flavour}: no window.consoleReady in this build; the sign-in page counts from performance.mark('console:ready')`)
      const runsOf = new Map(screens.map((screen) => [screen.key, []]))
      const filled = screens.map((screen) => fillIn(screen, seeded))
      const plans = visitPlans(filled.map((screen) => (markOnly && screen.content.kind === 'ready' ? { ...screen, content: { ...screen.content, mark: true } } : screen)))
      for (const plan of plans) {
        for (let i = 0; i < RUNS; i++) {
          const outcomes = await coldAndRepeat(browser, server.url, plan, token, hasWorker)
          plan.screens.forEach((screen, index) => runsOf.get(screen.key).push(outcomes[index]))
          progress(++done, total, flavour, plan, i + 1, outcomes)
          const failed = outcomes.map((run, index) => [plan.screens[index], run]).filter(([, run]) => run.cold.failure ?? run.repeat?.failure)
          for (const [screen, run] of failed) {
            failures.push(`${flavour} ${screen.key} (${run.cold.failure ? 'cold' : 'repeat'}): no content within ${TIMEOUT_MS / 1000} s, ${run.cold.failure ?? run.repeat.failure}`)
          }
          // A screen without its content times out every time: once is enough to know.
          if (failed.length) {
            done += RUNS - i - 1
            break
          }
        }
      }
      const results = filled.map((screen) => ({ screen, runs: runsOf.get(screen.key) }))
      printTable(flavour, results, hasWorker)
      console.log(`(${machine()})`)
    } finally {
      await browser.close()
      await server.stop()
    }
  }
} finally {
  await receiver.stop()
  fleet.remove()
  for (const copy of Object.values(copies)) rmSync(copy, { recursive: true, force: true })
}
console.log(`\nrequests: made by the page until first content; in brackets those that went to the network (neither the HTTP cache nor a service worker`)
console.log(`answered them) and those a service worker answered (its own fetches are not throttled and not counted).`)
console.log(`floor: 2 x ${LATENCY_MS} ms + bytes at ${KBITS} kbit/s + renderer task time; ratio: cold first content / floor. Whole run: ${((Date.now() - began) / 1000).toFixed(0)} s.`)
for (const failure of failures) console.error(`FAILED ${failure}`)
if (failures.length) process.exitCode = 1
