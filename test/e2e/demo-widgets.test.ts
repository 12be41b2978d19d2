import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the widgets page: counters reach their figures, the carousel moves on, the marketplace sorts descending first (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.getByRole('button', { name: 'Demo pages' }).click()
    await page.getByRole('link', { name: 'Widgets' }).click()
    await page.waitForURL(`${BASE}/app/pages/widgets`)
    await page.getByRole('heading', { name: 'Widgets', level: 1 }).waitFor()
    // Its made-up figures say so before anything else on the page.
    const note = page.getByRole('note', { name: 'Sample data' })
    await note.waitFor()
    assert.match((await note.textContent()) ?? '', "not your fleet's")
    // What is drawn runs up over 3 s; what assistive tech reads is the figure from the start.
    const devices = page.getByRole('group', { name: 'Devices online' })
    assert.is(await devices.locator('.visually-hidden').textContent(), '1,284')
    await devices.locator('[data-counter]').getByText('1,284', { exact: true }).waitFor()
    await page.getByRole('group', { name: 'Sites' }).locator('[data-counter]').getByText('18', { exact: true }).waitFor()

    const carousel = page.getByRole('region', { name: 'Tips for the fleet' })
    assert.is(await carousel.getAttribute('aria-roledescription'), 'carousel')
    const before = await carousel.getByRole('group').getAttribute('aria-label')
    await carousel.getByRole('button', { name: 'Next slide' }).click()
    const after = await carousel.getByRole('group').getAttribute('aria-label')
    assert.is(before, '1 of 4')
    assert.is(after, '2 of 4')

    const market = page.getByRole('table', { name: 'Coins by price, change and volume over 24 hours' })
    const price = market.getByRole('columnheader', { name: /Price/ })
    await price.getByRole('button').click()
    assert.is(await price.getAttribute('aria-sort'), 'descending')
    assert.is(await market.getByRole('rowheader').first().textContent(), 'BTC Bitcoin')
    await price.getByRole('button').click()
    assert.is(await price.getAttribute('aria-sort'), 'ascending')
    assert.is(await market.getByRole('rowheader').first().textContent(), 'BCN Bytecoin')
    await context.close()
  })

  test(`the CRM dashboard: its title, no breadcrumb, and the sales chart drawn (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/crm-dashboard`)
    await page.getByRole('heading', { name: 'Crm Dashboard', level: 1 }).waitFor()
    await page.getByRole('note', { name: 'Sample data' }).waitFor()
    assert.is(await page.getByRole('navigation', { name: 'Breadcrumb' }).count(), 0)
    const chart = page.getByRole('figure', { name: 'Sales, last 30 days' })
    // uPlot drew: the chart holds a canvas as wide as its card.
    await chart.locator('.uplot canvas').waitFor()
    assert.ok((await chart.locator('.uplot canvas').boundingBox())!.width > 200)
    await page.getByRole('group', { name: 'Revenue' }).locator('[data-counter]').getByText('$1,286,400', { exact: true }).waitFor()
    await context.close()
  })

  test(`the crypto dashboard: coin cards for BTC and TRX, and the chosen coin's chart (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/crypto-dashboard`)
    await page.getByRole('heading', { name: 'Crypto Dashboard', level: 1 }).waitFor()
    await page.getByRole('note', { name: 'Sample data' }).waitFor()
    assert.is(await page.getByRole('navigation', { name: 'Breadcrumb' }).count(), 0)
    await page.getByRole('article', { name: 'BTC Bitcoin' }).getByText('$64,210.50').waitFor()
    await page.getByRole('article', { name: 'TRX TRON' }).getByText('$0.1187').waitFor()
    await page.getByRole('combobox', { name: 'Coin on the chart' }).selectOption('TRX')
    await page.getByRole('figure', { name: 'TRON (TRX), last 24 hours' }).locator('.uplot canvas').waitFor()
    await context.close()
  })
}

test.run()
