import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, settle, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the API reference shows a route's parameters, answers and curl line from the server's description (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/api`)
    await page.getByRole('heading', { name: 'API Reference', exact: true, level: 1 }).waitFor()
    const group = page.getByRole('region', { name: 'Devices' })
    const list = group.locator('details').filter({ has: page.locator('summary', { hasText: /GET\s*\/devices\s*List devices/ }) })
    await list.locator('summary').click()
    const parameters = list.getByRole('table')
    for (const name of ['q', 'sort', 'order', 'page', 'per_page', 'status', 'model']) await parameters.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }).waitFor()
    assert.match((await parameters.getByRole('row').filter({ hasText: 'per_page' }).textContent()) ?? '', /5 \| 10 \| 25 \| 50 \| 100/)
    assert.match((await list.locator('pre').textContent()) ?? '', /curl '.*\/api\/devices' \\\s+-H 'Authorization: Bearer <token>'/)
    assert.ok(await list.getByText('X-Total-Count', { exact: false }).count())

    // The search narrows the routes; the heartbeat's body fields carry the contract's limits.
    await page.getByRole('searchbox', { name: 'Search routes' }).fill('heartbeat')
    const beat = page.locator('details').filter({ has: page.locator('summary', { hasText: '/devices/{id}/heartbeat' }) })
    await beat.locator('summary').click()
    assert.match((await beat.getByRole('row').filter({ hasText: 'metrics.cpu' }).textContent()) ?? '', /number, 0–100/)
    assert.is(await page.locator('details').count(), 1)
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })
}

test.run()
