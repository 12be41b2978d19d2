import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BUILDS, callApi, closeBrowser, failedLoad, holdRequests, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

/** The address of the build's code file named `<prefix><hash>.js`, e.g. `main-` or `devices-screen-`. */
function codeFile(flavour: string, prefix: string): string {
  const name = readdirSync(join(process.cwd(), 'dist', flavour, 'assets')).find((file) => file.startsWith(prefix) && /^-[A-Z0-9]+\.js$/.test(file.slice(prefix.length - 1)))
  assert.ok(name, `no ${prefix}*.js in dist/${flavour}/assets`)
  return `/assets/${name}`
}

/** The first seconds of a first visit, held: the service worker never takes over, so every file comes from the network. */
const noWorker = (context: BrowserContext) =>
  context.addInitScript(() => {
    if ('ServiceWorkerContainer' in window) ServiceWorkerContainer.prototype.register = () => new Promise<never>(() => undefined)
  })

/** Answers 503 for `path` while the returned switch says the server is down. */
async function failWhileDown(page: Page, path: string) {
  const server = { down: true }
  await page.route(`**${path}`, (route) => (server.down ? route.fulfill({ status: 503, body: '' }) : route.continue()))
  return server
}

for (const { flavour, BASE } of BUILDS) {
  test(`opening a list asks for the user and the list once each, while the console's code is still on its way (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    await callApi(page, BASE, 'POST', '/devices/', { name: `Start ${n}`, serial: `START-${n}`, model: 'EdgeBox 300', location: '', tags: [] })

    const fresh = await context.newPage()
    const asked: string[] = []
    fresh.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search)
    })
    // The console's entry is held back: the list must be asked for without it.
    const release = await holdRequests(fresh, '**/assets/main-*.js')
    const listAsked = fresh.waitForRequest((request) => request.url().includes('/api/devices/'), { timeout: 10_000 })
    const loaded = fresh.goto(`${BASE}/app/devices?q=${encodeURIComponent(`Start ${n}`)}&sort=serial`)
    await listAsked
    release()
    await loaded
    await fresh.getByRole('row').filter({ hasText: `Start ${n}` }).waitFor()
    const lists = asked.filter((path) => path.startsWith('/api/devices/'))
    assert.equal(lists, [`/api/devices/?order=asc&page=1&per_page=10&q=Start+${n}&sort=serial`])
    assert.is(asked.filter((path) => path === '/api/users/self').length, 1)
    await context.close()
  })

  test(`a detail page, the alerts, the audit trail and the API reference ask for their first data once, before their code arrives (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await callApi(page, BASE, 'POST', '/devices/', { name: `Detail ${n}`, serial: `DETAIL-${n}`, model: 'EdgeBox 300', location: '', tags: [] })
    for (const [address, first, shown] of [
      [`/app/devices/details?id=${device.id}`, [`/api/devices/${device.id}`], (on: Page) => on.getByRole('heading', { name: `Detail ${n}` })],
      ['/app/alerts', ['/api/alerts?per_page=100&state=firing', '/api/alerts?page=2&per_page=25&state=resolved', '/api/alerts/mutes'], (on: Page) => on.getByRole('heading', { name: /^Firing now/ })],
      ['/app/audit?action=delete&from=2020-01-01', [], (on: Page) => on.getByRole('heading', { name: 'Audit trail', exact: true })],
      ['/app/api', ['/api/openapi.json'], (on: Page) => on.getByRole('region', { name: 'Devices' })],
    ] as const) {
      const fresh = await context.newPage()
      const asked: string[] = []
      fresh.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(url.pathname + url.search)
      })
      const release = await holdRequests(fresh, '**/assets/main-*.js')
      const target = address === '/app/alerts' ? `${address}?page=2&per_page=25` : address
      const firstAsked = fresh.waitForRequest((request) => new URL(request.url()).pathname.startsWith(first[0]?.split('?')[0] ?? '/api/audit'), { timeout: 10_000 })
      const loaded = fresh.goto(`${BASE}${target}`)
      await firstAsked
      release()
      await loaded
      await shown(fresh).waitFor()
      const expected = first.length ? first : asked.filter((path) => path.startsWith('/api/audit/?'))
      for (const path of expected) assert.is(asked.filter((one) => one === path).length, 1, `${address}: ${path} in ${asked.join(', ')}`)
      if (!first.length) assert.equal(expected.length, 1, `${address}: the trail asked once: ${asked.join(', ')}`)
      await fresh.close()
    }
    await context.close()
  })

  test(`a first visit whose console code does not arrive says so, and Try again starts the console (${flavour})`, async () => {
    const main = codeFile(flavour, 'main-')
    const context = await newContext({ expectedErrors: [failedLoad(503, main)] })
    await noWorker(context)
    const page = await context.newPage()
    const server = await failWhileDown(page, main)
    await page.goto(`${BASE}/app`)
    const failed = page.getByRole('alert').filter({ hasText: 'The console could not be loaded.' })
    await failed.waitFor()
    server.down = false
    await failed.getByRole('button', { name: 'Try again' }).click()
    // The page loads again, and the console starts: with nobody signed in, it opens the sign-in page.
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 })
    assert.is(await failed.count(), 0)
    await context.close()
  })

  test(`a screen whose code does not arrive says so in its place, and Try again loads it there (${flavour})`, async () => {
    const screen = codeFile(flavour, 'devices-screen-')
    const context = await newContext({ expectedErrors: [failedLoad(503, screen)] })
    await noWorker(context)
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const server = await failWhileDown(page, screen)
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByRole('button', { name: 'Inventory', exact: true }).click()
    await menu.getByRole('link', { name: 'Edge & Devices' }).click()
    const failed = page.getByRole('main').getByRole('alert').filter({ hasText: 'This part of the console could not be loaded.' })
    await failed.waitFor()
    // The shell around it stays, with its menu.
    await menu.getByRole('link', { name: 'Home' }).waitFor()
    await failed.getByRole('button', { name: 'Reload the page' }).waitFor()
    server.down = false
    await failed.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('table').waitFor()
    assert.is(await failed.count(), 0)
    await context.close()
  })
}

test.run()
