import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn } from './browser'

test.after(closeBrowser)

const METRICS = { latency_ms: 14, bytes_in: 2048, bytes_out: 512, cpu: 12, memory: 40 }

for (const { flavour, BASE } of SCREEN_BUILDS) {
  const api = (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)
  /** Takes a device offline as an operator can: disabled, then enabled again, it stays offline until it beats. */
  const takeOffline = async (page: Page, device: Record<string, unknown>) => {
    const disabled = await api(page, 'PUT', `/devices/${device.id}`, { ...device, enabled: false })
    await api(page, 'PUT', `/devices/${device.id}`, { ...disabled, enabled: true })
  }

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
    await takeOffline(page, second)
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

  test(`on a phone the fleet's figures come first; the provisioning tile adds a device; the expiring keys tile opens the keys list so filtered, where a new 7-day key is not "expiring soon" and its secret fits (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await registerAndSignIn(page, 'Phone', BASE)
    const n = Date.now().toString(36)
    await api(page, 'POST', '/devices/', { name: `Unseen ${n}`, serial: `UNSEEN-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })
    const week = await api(page, 'POST', '/access_keys/', { name: `Week ${n}`, scopes: ['devices'], expires_in_days: 7 })
    await api(page, 'POST', '/access_keys/', { name: `Quarter ${n}`, scopes: ['devices'], expires_in_days: 90 })

    await page.goto(`${BASE}/app/home`)
    const keysTile = page.getByRole('link', { name: '1 Keys expiring within 7 days', exact: true })
    await keysTile.waitFor()
    const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y
    assert.ok((await top('At a glance')) < (await top('Your rights')), 'the tiles above the rights')
    const firstTile = (await page.getByRole('link', { name: '0 Devices online', exact: true }).boundingBox())!
    assert.ok(firstTile.y + firstTile.height <= 844, `the first tile within the first screen (ends at ${firstTile.y + firstTile.height})`)

    // Provisioning: the device not seen yet, those added lately, and the way to add one.
    await page.getByRole('link', { name: '1 Devices not seen yet', exact: true }).waitFor()
    await page.getByText('1 added in the last 7 days').waitFor()
    await page.getByRole('link', { name: 'Add device', exact: true }).click()
    await page.getByRole('dialog', { name: 'Add a device' }).waitFor()
    await page.keyboard.press('Escape')
    await page.goBack()

    // The keys tile opens the list with the same question asked.
    await keysTile.click()
    await page.waitForURL(/\/app\/access_keys\?expiry=within_7&revoked=false$/)
    await page.getByRole('list', { name: 'Filters in use' }).getByText('Expiry: Expiring within 7 days').waitFor()
    const row = page.getByRole('row').filter({ hasText: `Week ${n}` })
    await row.waitFor()
    assert.is(await page.getByRole('row').filter({ hasText: `Quarter ${n}` }).count(), 0, 'a 90-day key is not expiring')
    assert.is(await row.getByText('Expires soon').count(), 0, `a 7-day key just made (${week.expires_at}) is not yet ending soon`)

    // A new key's secret shows whole in its field, on the phone.
    await page.getByRole('button', { name: 'New key' }).click()
    const form = page.getByRole('dialog', { name: 'New access key' })
    await form.getByLabel('Name').fill(`Phone ${n}`)
    await form.getByRole('checkbox', { name: 'Edge & Devices' }).check()
    await form.getByLabel('Expires after').selectOption('7')
    await form.getByRole('button', { name: 'Create key' }).click()
    const field = page.getByRole('dialog', { name: `Your new key “Phone ${n}”` }).getByLabel('Secret')
    assert.match(await field.inputValue(), /^edk_/)
    const fits = await field.evaluate((box) => box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight + 1)
    assert.ok(fits, 'the whole secret shows without scrolling its field')
    await context.close()
  })
}

test.run()
