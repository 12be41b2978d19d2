// Benchmark: what a visitor on a slow link feels on the first load of the sign-in page and of
// the console after sign-in, for both builds. Prints figures; asserts nothing.
// `npm run bench` (builds first). Link: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const root = new URL('../..', import.meta.url).pathname
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const RUNS = Number(process.env.RUNS || 3)
const ADMIN = { email: 'bench@example.com', password: 'bench-Password-1' }

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

async function startServer(flavour) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'))
  const child = spawn(process.execPath, [join(root, 'dist/server/server.mjs')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist', flavour), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve) => child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve()))
  return { url: `http://localhost:${port}`, stop: () => (child.kill(), rmSync(dataDir, { recursive: true, force: true })) }
}

/** One cold visit: a fresh profile, the throttled link, the page's own timings and the bytes on the wire. */
async function visit(url, steps) {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS })
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', LINK)
  let bytes = 0
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength))
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit' })
  const result = await steps(page, started)
  result.kib = bytes / 1024
  await context.close()
  rmSync(profile, { recursive: true, force: true })
  return result
}

const paintOf = (page) =>
  page.evaluate(() => new Promise((resolve) => {
    const find = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    const wait = () => (find() ? resolve(find()) : setTimeout(wait, 20))
    wait()
  }))

const hydratedOf = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('console:ready')[0]?.startTime).then((handle) => handle.jsonValue())

async function signInPage(base) {
  return visit(`${base}/login`, async (page) => {
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    return { firstPaint: await paintOf(page), interactive: await hydratedOf(page) }
  })
}

async function consoleAfterSignIn(base) {
  return visit(`${base}/login`, async (page, started) => {
    await page.evaluate(() => localStorage.setItem('console:guide-seen', '1'))
    await hydratedOf(page)
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
    const clicked = Date.now()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.locator('main#content h1').waitFor()
    return { signInToConsole: Date.now() - clicked, total: Date.now() - started }
  })
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const row = (name, runs, key, unit) => console.log(`  ${name.padEnd(34)}${median(runs.map((r) => r[key])).toFixed(unit === 'KiB' ? 1 : 0).padStart(8)} ${unit}`)

for (const flavour of ['react', 'preact']) {
  const server = await startServer(flavour)
  try {
    const signIn = []
    const console_ = []
    for (let i = 0; i < RUNS; i++) signIn.push(await signInPage(server.url))
    for (let i = 0; i < RUNS; i++) console_.push(await consoleAfterSignIn(server.url))
    console.log(`${flavour} build, median of ${RUNS} cold visits on a 1.6 Mbit/s, 150 ms link`)
    row('sign-in page: first paint', signIn, 'firstPaint', 'ms')
    row('sign-in page: interactive', signIn, 'interactive', 'ms')
    row('sign-in page: bytes on the wire', signIn, 'kib', 'KiB')
    row('sign-in click to console screen', console_, 'signInToConsole', 'ms')
    row('whole visit: bytes on the wire', console_, 'kib', 'KiB')
  } finally {
    server.stop()
  }
}
