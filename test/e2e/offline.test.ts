import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until } from '../fixtures/until'
import { BUILDS, callApi, closeBrowser, failedLoad, holdRequests, newContext, OFFLINE, signInAdmin } from './browser'
import { ownConsole } from './own-console'

test.after(closeBrowser)

interface Device {
  id: string
  name: string
  version: number
}

/** Waits until the console's service worker controls `page` (it registers once the console is up). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })

async function deviceNamed(page: Page, base: string, name: string): Promise<Device> {
  return callApi(page, base, 'POST', '/devices/', { name, serial: name.toUpperCase().replace(/\W+/g, '-'), model: 'EdgeBox 300', location: '', tags: [] })
}

const readDevice = async (page: Page, base: string, id: string): Promise<Device> => callApi(page, base, 'GET', `/devices/${id}`)

/** Deletes a device a test made, so the organization stays under its plan's device limit for the tests after. */
async function removeDevice(context: BrowserContext, base: string, token: string | null, id: string) {
  const answer = await context.request.delete(`${base}/api/devices/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  assert.ok(answer.ok(), await answer.text())
}

async function rename(page: Page, base: string, device: Device, name: string) {
  const token = await page.evaluate(() => localStorage.getItem('axe'))
  const answer = await page.request.put(`${base}/api/devices/${device.id}`, {
    data: { name, serial: device.name.toUpperCase().replace(/\W+/g, '-'), model: 'EdgeBox 300', location: '', tags: [], version: device.version },
    headers: { Authorization: `Bearer ${token}` },
  })
  assert.is(answer.status(), 200, await answer.text())
}

/**
 * A first visit that leaves something kept: signed in, a device named `${label} <n>` made, the
 * devices list searched for it and shown, and the page under the service worker's control; the
 * page is left open for what the test does next.
 */
async function keptVisit(page: Page, base: string, flavour: string, label: string) {
  await signInAdmin(page, base)
  const n = `${flavour}-${Date.now().toString(36)}`
  const device = await deviceNamed(page, base, `${label} ${n}`)
  const list = `${base}/app/devices?q=${encodeURIComponent(n)}`
  await page.goto(list)
  await page.getByRole('row').filter({ hasText: `${label} ${n}` }).waitFor()
  await controlled(page)
  return { n, device, list }
}

for (const { flavour, BASE } of BUILDS) {
  test(`a list stops reading "Live" as soon as the device loses its network, and is live again when it is back (${flavour})`, async () => {
    const context = await newContext({ expectedErrors: [OFFLINE] })
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/tunnels`)
    const live = page.getByRole('status').filter({ hasText: /^Live$/ })
    await live.waitFor()
    await context.setOffline(true)
    // The stream's own failures would take three tries (several seconds) to say so.
    await page.getByRole('status').filter({ hasText: /^Not live$/ }).waitFor({ timeout: 5_000 })
    await context.setOffline(false)
    await live.waitFor({ timeout: 10_000 })
    await context.close()
  })

  test(`the sign-in page takes the service worker, and the next visit opens it from there, offline too (${flavour})`, async () => {
    const context = await newContext({ expectedErrors: [OFFLINE] })
    const page = await context.newPage()
    await page.goto(`${BASE}/login`)
    await controlled(page)
    await page.close()
    const again = await context.newPage()
    const fromNetwork: string[] = []
    again.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === new URL(BASE).origin && !response.fromServiceWorker()) fromNetwork.push(url.pathname)
    })
    await again.goto(`${BASE}/login`)
    await again.getByRole('button', { name: 'Sign in' }).waitFor()
    assert.equal(fromNetwork, [], 'the page and its code came from the service worker')
    await context.setOffline(true)
    await again.goto(`${BASE}/`)
    await again.getByLabel('E-mail').fill('kiosk@example.com')
    assert.is(await again.getByLabel('E-mail').inputValue(), 'kiosk@example.com')
    await context.close()
  })

  test(`a repeat visit takes the console from its service worker and shows the kept rows with their age before the live ones (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const { n, device, list } = await keptVisit(page, BASE, flavour, 'Kept')
    await rename(page, BASE, device, `Live ${n}`)
    await page.close()

    // The kiosk comes back: its list answer is held on the way, as on a slow link.
    const again = await context.newPage()
    const fromNetwork: string[] = []
    again.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === new URL(BASE).origin && !url.pathname.startsWith('/api/') && !response.fromServiceWorker()) fromNetwork.push(url.pathname)
    })
    const release = await holdRequests(again, '**/api/devices/?*')
    await again.goto(list)
    const kept = again.getByRole('row').filter({ hasText: `Kept ${n}` })
    await kept.waitFor()
    await again.getByText(/updated (just now|\d+ s ago)/).waitFor()
    release()
    await again.getByRole('row').filter({ hasText: `Live ${n}` }).waitFor()
    assert.is(await kept.count(), 0)
    assert.equal(fromNetwork, [], 'the page and every chunk came from the service worker')
    await context.close()
  })

  test(`a repeat visit draws the kept rows before the server says who is signed in, then takes the live user and rows (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const { n, device, list } = await keptVisit(page, BASE, flavour, 'Kept')
    await rename(page, BASE, device, `Live ${n}`)
    await page.close()

    // Both the check of the session and the list are held, as a slow link holds them.
    const again = await context.newPage()
    const answered: string[] = []
    again.on('response', (response) => answered.push(new URL(response.url()).pathname))
    const releaseSelf = await holdRequests(again, '**/api/users/self')
    const releaseList = await holdRequests(again, '**/api/devices/?*')
    await again.goto(list)
    const kept = again.getByRole('row').filter({ hasText: `Kept ${n}` })
    await kept.waitFor()
    await again.getByRole('navigation').getByRole('link', { name: 'Edge & Devices' }).first().waitFor()
    assert.not.ok(answered.includes('/api/users/self'), 'drawn before users/self answered')
    releaseSelf()
    await again.waitForResponse('**/api/users/self')
    releaseList()
    await again.getByRole('row').filter({ hasText: `Live ${n}` }).waitFor()
    assert.is(await kept.count(), 0)
    await removeDevice(context, BASE, await again.evaluate(() => localStorage.getItem('axe')), device.id)
    await context.close()
  })

  test(`a repeat visit on a revoked session shows the kept rows only until the server refuses it, then signs in again with what was kept wiped (${flavour})`, async () => {
    const context = await newContext({ expectedErrors: [failedLoad(401, '/api/users/self'), failedLoad(401, '/api/devices/'), failedLoad(401, '/api/views/'), failedLoad(401, '/api/events')] })
    const page = await context.newPage()
    const { n, device, list } = await keptVisit(page, BASE, flavour, 'Revoked')
    const token = await page.evaluate(() => localStorage.getItem('axe'))
    await page.close()
    // Kept in this browser, gone from the server; and the session ends elsewhere (signed out from
    // another device, or ended by an administrator).
    await removeDevice(context, BASE, token, device.id)
    const revoked = await context.request.post(`${BASE}/api/logout`, { headers: { Authorization: `Bearer ${token}` } })
    assert.ok(revoked.ok(), await revoked.text())

    const again = await context.newPage()
    const releaseSelf = await holdRequests(again, '**/api/users/self')
    const releaseList = await holdRequests(again, '**/api/devices/?*')
    await again.goto(list)
    await again.getByRole('row').filter({ hasText: `Revoked ${n}` }).waitFor()
    releaseSelf()
    await again.waitForURL(`${BASE}/login?next=${encodeURIComponent(`/app/devices?q=${n}`)}`)
    releaseList()
    await again.getByRole('button', { name: 'Sign in' }).waitFor()
    assert.is(await again.getByRole('row').filter({ hasText: `Revoked ${n}` }).count(), 0)
    const stored = await again.evaluate(() => Object.keys(localStorage).filter((key) => key === 'axe' || key === 'console:user' || key.startsWith('console:kept:')))
    assert.equal(stored, [], 'the token, the kept user and the kept answers are wiped')
    await context.close()
  })

  test(`offline, the console opens and says so, and a rename made offline is pending, then applied once when back online (${flavour})`, async () => {
    const context = await newContext({ expectedErrors: [OFFLINE] })
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await deviceNamed(page, BASE, `Outbox ${n}`)
    await page.goto(`${BASE}/app/devices/details?id=${device.id}`)
    await page.getByRole('heading', { name: `Outbox ${n}`, exact: true }).waitFor()
    await controlled(page)

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('dialog', { name: `Edit Outbox ${n}` })
    await form.getByLabel('Name').fill(`Renamed offline ${n}`)
    await form.getByRole('button', { name: 'Save' }).click()
    // News, not an error: told politely, and the form does not read as refused.
    await form.getByRole('status').filter({ hasText: 'No link: the change waits in the outbox and is sent when the link returns.' }).waitFor()
    assert.is(await form.getByRole('alert').count(), 0, 'no error shows')
    assert.is(await form.getByLabel('Name').inputValue(), `Renamed offline ${n}`, 'what was typed stays')
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'detached' })
    const outbox = page.getByRole('region', { name: '1 change waits for the link' })
    await outbox.getByText(`Change to Renamed offline ${n} pending`).waitFor()

    // A reload while still offline: the console opens from what it kept and the change still waits.
    const offline = await context.newPage()
    await page.close()
    await offline.goto(`${BASE}/app/devices`)
    await offline.getByText('You are offline: the console shows what it kept, with its age, and reconnects by itself.').waitFor()
    await offline.getByRole('region', { name: '1 change waits for the link' }).waitFor()

    await context.setOffline(false)
    await offline.getByText(`Change to Renamed offline ${n} sent`).waitFor({ timeout: 20_000 })
    const saved = await readDevice(offline, BASE, device.id)
    assert.equal([saved.name, saved.version], [`Renamed offline ${n}`, device.version + 1], 'applied once')
    await context.close()
  })

  test(`signing out offline wipes the token, the kept user, the kept answers and the outbox at once, and the session ends on the server when the link is back (${flavour})`, async () => {
    const context = await newContext({ expectedErrors: [OFFLINE] })
    const page = await context.newPage()
    const { n, device, list } = await keptVisit(page, BASE, flavour, 'Kiosk')
    await page.goto(`${BASE}/app/devices/details?id=${device.id}`)
    await page.getByRole('heading', { name: `Kiosk ${n}`, exact: true }).waitFor()
    const token = await page.evaluate(() => localStorage.getItem('axe'))
    assert.ok(token)
    const self = () => fetch(`${BASE}/api/users/self`, { headers: { Authorization: `Bearer ${token}` } }).then((answer) => answer.status)

    // The link goes down with a change waiting in the outbox; then the operator signs out.
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('dialog', { name: `Edit Kiosk ${n}` })
    await form.getByLabel('Name').fill(`Unsent ${n}`)
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('status').filter({ hasText: 'No link' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('region', { name: '1 change waits for the link' }).waitFor()
    await page.getByRole('button', { name: 'Sign out' }).click()
    // The sign-out asks first, offline too (its code and styles come from the service worker).
    const asked = page.getByRole('dialog', { name: 'Sign out with unsent changes?' })
    await asked.getByText('1 change has not reached the server yet. Signing out drops it: it will never be sent.').waitFor()
    await asked.getByRole('button', { name: 'Sign out anyway' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()

    const left = await page.evaluate(async () => {
      const cached = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))
      return {
        local: Object.entries(localStorage).map(([key, value]) => ({ key, value })),
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).map((database) => database.name),
        answersCached: cached.flat().filter((path) => path.startsWith('/api/')),
      }
    })
    const devicePreferences = ['console:guide-seen', 'console:preferences', 'console:presence']
    assert.equal(
      left.local.map(({ key }) => key).filter((key) => !devicePreferences.includes(key)),
      ['console:revoke'],
      'only the device preferences and the token waiting to be revoked are left',
    )
    assert.equal(JSON.parse(left.local.find(({ key }) => key === 'console:revoke')?.value ?? '[]'), [token])
    assert.equal([left.session, left.databases, left.answersCached], [0, [], []], 'no session storage, database or cached answer')
    assert.is(await self(), 200, 'the server has not heard of the sign-out yet')

    // The link is back: the session ends on the server, and a reload opens the sign-in page.
    await context.setOffline(false)
    assert.ok(await until(async () => (await self()) === 401, { timeoutMs: 10_000, everyMs: 100 }).catch(() => false), 'the token is revoked once the link is back')
    assert.is(await page.evaluate(() => localStorage.getItem('console:revoke')), null, 'nothing waits to be revoked')
    await page.goto(list)
    await page.waitForURL(`${BASE}/login?next=${encodeURIComponent(`/app/devices?q=${n}`)}`)
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    assert.is(await page.getByRole('row').filter({ hasText: `Kiosk ${n}` }).count(), 0)

    // The change that waited was wiped with the rest, never sent.
    await signInAdmin(page, BASE)
    const after = await readDevice(page, BASE, device.id)
    assert.equal([after.name, after.version], [`Kiosk ${n}`, device.version])
    await removeDevice(context, BASE, await page.evaluate(() => localStorage.getItem('axe')), device.id)
    await context.close()
  })
}

test('a new build deployed while a console is open offers the reload, and the console loads nothing of the old build after it', async () => {
  const root = process.cwd()
  const staticDir = mkdtempSync(join(tmpdir(), 'console-deploy-'))
  cpSync(join(root, 'dist/react'), staticDir, { recursive: true })
  const server = await ownConsole('react', staticDir)
  // Chunks whose content did not change keep their names from one build to the next.
  const filesOf = (flavour: string) => readFileSync(join(root, `dist/${flavour}/sw.js`), 'utf8').match(/\/assets\/[\w.-]+/g) ?? []
  const next = new Set(filesOf('preact'))
  const oldFiles = new Set(filesOf('react').filter((file) => !next.has(file)))
  let context: BrowserContext | undefined
  try {
    context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, server.url)
    await page.goto(`${server.url}/app/devices`)
    await page.getByRole('table').waitFor()
    await controlled(page)

    // The next build goes out: here the Preact one, whose every chunk has another name.
    rmSync(staticDir, { recursive: true, force: true })
    cpSync(join(root, 'dist/preact'), staticDir, { recursive: true })
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    await page.getByText('A new version of the console is ready.').waitFor({ timeout: 30_000 })

    const loaded: string[] = []
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname))
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()])
    await page.getByRole('table').waitFor()
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.waitForURL(`${server.url}/app/home`)
    const old = loaded.filter((path) => oldFiles.has(path))
    assert.equal(old, [], 'no chunk of the old build')
    assert.ok(loaded.some((path) => /^\/assets\/main-/.test(path)), 'the new build loaded')
  } finally {
    await context?.close()
    await server.remove()
    rmSync(staticDir, { recursive: true, force: true })
  }
})

test.run()
