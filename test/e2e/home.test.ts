import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { BUILDS, callApi, closeBrowser, newContext, registerAndSignIn } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? '' }
const METRICS = { latency_ms: 14, bytes_in: 2048, bytes_out: 512, cpu: 12, memory: 40 }

/** Sets a device's status straight in the database, as a sweep that found it silent would. */
async function setStatus(dataDir: string, id: string, status: string) {
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(join(dataDir, 'console.db'))
  try {
    db.prepare(`UPDATE devices SET status = ? WHERE id = ?`).run(status, id)
  } finally {
    db.close()
  }
}

for (const { flavour, BASE } of BUILDS) {
  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  test(`home tiles follow heartbeats without a reload and open the list they count (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // A fresh organization of its own: nothing else moves its figures.
    await registerAndSignIn(page, 'Tiles', BASE)
    const n = Date.now().toString(36)
    const device = (name: string) => api(page, 'POST', '/devices/', { name: `${name} ${n}`, serial: `TILE-${name}-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })
    const first = await device('First')
    const second = await device('Second')
    const third = await device('Third')
    await setStatus(DATA_DIRS[flavour]!, second.id, 'offline')
    const key = await api(page, 'POST', '/access_keys/', { name: `Tiles ${n}`, scopes: ['devices'], expires_in_days: 7 })

    await page.goto(`${BASE}/app/home`)
    const tile = (figure: number, label: string) => page.getByRole('link', { name: `${figure} ${label}`, exact: true })
    await tile(0, 'Devices online').waitFor()
    await tile(1, 'Devices offline').waitFor()
    await tile(0, 'Devices in error').waitFor()
    await tile(1, 'Keys expiring within 7 days').waitFor()
    await page.getByRole('link', { name: '0 of 0 Tunnels up', exact: true }).waitFor()
    // Three devices of the free plan's ten.
    await page.getByRole('link', { name: '30% Usage of the Free plan', exact: true }).waitFor()

    // Heartbeats with the key: the tiles move in this same page.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const beat = (id: string, status: string) => api(page, 'POST', `/devices/${id}/heartbeat`, { status, ip: '192.0.2.50', firmware: '3.1.0', metrics: METRICS }, key.secret)
    await beat(first.id, 'online')
    await tile(1, 'Devices online').waitFor()
    await beat(second.id, 'online')
    await tile(0, 'Devices offline').waitFor()
    await tile(2, 'Devices online').waitFor()
    await beat(third.id, 'error')
    await tile(1, 'Devices in error').waitFor()
    assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
    // Each tile tells how old its figure is.
    assert.is(await tile(1, 'Devices in error').locator('xpath=..').locator('time').count(), 1, 'the age of the figure')

    // The online tile opens the list of the devices online, filter pressed.
    await tile(2, 'Devices online').click()
    await page.waitForURL(/\/app\/devices\?status=online$/)
    assert.is(await page.getByRole('button', { name: 'Online', exact: true }).getAttribute('aria-pressed'), 'true')
    await page.getByRole('row').filter({ hasText: `First ${n}` }).waitFor()
    await page.getByRole('row').filter({ hasText: `Second ${n}` }).waitFor()
    assert.is(await page.getByRole('row').filter({ hasText: `Third ${n}` }).count(), 0)
    await context.close()
  })
}

test.run()
