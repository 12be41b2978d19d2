import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn, settle } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown) => callApi(page, BASE, method, path, data)

  /** A write the console's own calls cannot make here (`callApi` posts and gets): a rename by another console. */
  const renameElsewhere = async (page: Page, id: string, name: string) => {
    const token = await page.evaluate(() => localStorage.getItem('axe'))
    const current = await api(page, 'GET', `/devices/${id}`)
    const answer = await page.request.fetch(`${BASE}/api/devices/${id}`, { method: 'PUT', data: { ...current, name }, headers: { Authorization: `Bearer ${token}` } })
    assert.is(answer.status(), 200)
  }

  /** The `[field, before, after]` rows of the update entry of `name`. */
  const changesOf = async (page: Page, name: string) => {
    const entry = page.locator('li[data-action="update"]').filter({ hasText: name })
    await entry.getByRole('table').waitFor()
    return entry.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')))
  }

  test(`the audit trail shows a rename's before and after, filters by action in the address, and takes new entries live (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // An organization of its own: its trail holds this test's entries alone.
    await registerAndSignIn(page, 'Audit', BASE)
    const n = Date.now().toString(36)
    const before = `Boiler gateway ${n}`
    const after = `Roof gateway ${n}`
    const device = await api(page, 'POST', '/devices/', { name: before, serial: `AUD-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })

    // The rename, made on the device's page as an operator would.
    await page.goto(`${BASE}/app/devices/details?id=${device.id}`)
    await page.getByRole('heading', { name: before, exact: true }).waitFor()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('dialog', { name: `Edit ${before}` })
    await form.getByLabel('Name').fill(after)
    await form.getByRole('button', { name: 'Save' }).click()
    await form.waitFor({ state: 'detached' })

    // The trail, from the menu: the name before and after, side by side.
    await page.goto(`${BASE}/app/home`)
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByRole('link', { name: 'Audit trail', exact: true }).click()
    await page.waitForURL(/\/app\/audit$/)
    await page.getByRole('heading', { level: 1, name: 'Audit Trail', exact: true }).waitFor()
    assert.equal(await changesOf(page, after), [['name', before, after]])
    await page.locator('li[data-action="create"]').filter({ hasText: before }).waitFor()

    // Only updates: the filter is in the address and outlives a reload.
    await page.getByLabel('Action').selectOption('update')
    await page.waitForURL(/[?&]action=update/)
    await page.locator('li[data-action="create"]').first().waitFor({ state: 'detached' })
    await page.reload()
    await page.locator('li[data-action="update"]').first().waitFor()
    assert.is(await page.getByLabel('Action').inputValue(), 'update')
    assert.is(await page.locator('li[data-action]:not([data-action="update"])').count(), 0)

    // A rename made elsewhere arrives without a reload, at the top.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const again = `Attic gateway ${n}`
    await renameElsewhere(page, device.id, again)
    assert.equal(await changesOf(page, again), [['name', after, again]])
    assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
    assert.match((await page.locator('li[data-action]').first().textContent()) ?? '', again)

    // Narrowed to one record and a day range that excludes today, the trail is empty.
    await page.goto(`${BASE}/app/audit?collection=devices&record_id=${device.id}&to=2020-01-01`)
    await page.getByText('No changes recorded yet.').waitFor()

    await page.goto(`${BASE}/app/audit?action=update`)
    await page.locator('li[data-action="update"]').first().waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'the trail has no serious accessibility violations')
    await context.close()
  })
}

test.run()
