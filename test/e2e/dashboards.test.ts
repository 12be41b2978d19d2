import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { until } from '../fixtures/until'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, settle, signInAdmin } from './browser'

test.after(closeBrowser)

/** The captions that tell each chart to a screen reader, in page order. */
const captions = (page: Page) => page.locator('figcaption[data-chart-caption]').allTextContents()

/** Waits until the `index`th caption matches `pattern`; answers it. */
async function captionMatching(page: Page, index: number, pattern: RegExp, timeout = 10_000): Promise<string> {
  const handle = await page.waitForFunction(
    ([index, source]) => {
      const text = document.querySelectorAll('figcaption[data-chart-caption]')[index]?.textContent ?? ''
      return new RegExp(source).test(text) ? text : false
    },
    [index, pattern.source] as const,
    { timeout, polling: 250 },
  )
  return (await handle.jsonValue()) as string
}

/** The numbers of the status breakdown: `40 devices`, `Online: 33 (83%)`. */
async function shownStatus(page: Page): Promise<{ total: number; online: number }> {
  const number = async (pattern: RegExp) => {
    const text = (await page.getByText(pattern).first().textContent()) ?? ''
    return Number(text.match(pattern)?.[1]?.replace(/,/g, ''))
  }
  return { total: await number(/^([\d,]+) devices$/), online: await number(/^Online: ([\d,]+) /) }
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`draws the network dashboard, and a range switch changes the address and the charts (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/network`)
    await page.getByRole('heading', { name: 'Devices online' }).waitFor()
    // uPlot drew: each time chart holds a canvas of the page's width.
    await page.locator('.uplot canvas').nth(1).waitFor()
    assert.ok((await page.locator('.uplot canvas').first().boundingBox())!.width > 200)
    await captionMatching(page, 0, /^288 points from .+, one every 5 min\./)
    assert.is(await page.getByRole('button', { name: '24 hours' }).getAttribute('aria-pressed'), 'true')

    await page.getByRole('button', { name: '1 hour' }).click()
    await page.waitForURL(/\/app\/network\?range=1h$/)
    await captionMatching(page, 0, /^60 points from .+, one every 1 min\./)
    await captionMatching(page, 1, /^60 points/)
    await page.getByRole('button', { name: '7 days' }).click()
    await page.waitForURL(/\?range=7d$/)
    await captionMatching(page, 0, /^168 points from .+, one every 1 h\./)

    // The table view tells every point; a reload keeps the range of the address.
    await page.getByRole('button', { name: 'Show as table' }).first().click()
    assert.is(await page.getByRole('table', { name: 'Devices online' }).locator('tbody tr').count(), 168)
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await page.reload()
    await captionMatching(page, 0, /^168 points/)
    assert.is(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed'), 'true')
    await context.close()
  })

  test(`draws the traffic dashboard in Arabic and dark, right to left (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.evaluate(() => localStorage.setItem('console:preferences', JSON.stringify({ type: 'dark', locale: 'ar', theme: 'blue' })))
    await page.goto(`${BASE}/app/traffic?range=1h`)
    await page.locator('.uplot canvas').waitFor()
    assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl')
    await captionMatching(page, 0, /^60 نقطة/)
    // The value axis stands on the right, where a right-to-left reader starts.
    const plot = (await page.locator('.uplot').boundingBox())!
    const axis = (await page.locator('.uplot .u-axis').nth(1).boundingBox())!
    assert.ok(axis.x > plot.x + plot.width / 2, `axis at ${axis.x}, plot ${plot.x}-${plot.x + plot.width}`)
    await page.getByRole('heading', { name: 'أكثر عشرة أجهزة من حيث حركة البيانات' }).waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })

  test(`moves the charts and the status as heartbeats arrive, without a reload (${flavour})`, async () => {
    const context = await newContext()
    const network = await context.newPage()
    await signInAdmin(network, BASE)
    const traffic = await context.newPage()
    await network.goto(`${BASE}/app/network?range=1h`)
    await traffic.goto(`${BASE}/app/traffic?range=1h`)
    await captionMatching(network, 1, /^60 points/)
    await captionMatching(traffic, 0, /^60 points/)
    const totalBefore = await shownStatus(network).then((status) => status.total)
    for (const page of [network, traffic]) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    const n = `${flavour}-${Date.now().toString(36)}`
    const api = (method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(network, BASE, method, path, data, key)
    const key = await api('POST', '/access_keys/', { name: `Dashboards ${n}`, scopes: ['devices'], expires_in_days: 7 })
    const name = `E2E dash ${n}`
    const devices = await Promise.all(
      [1, 2].map((i) => api('POST', '/devices/', { name: `${name} ${i}`, serial: `DASH-${n}-${i}`, model: 'Kiosk K2', location: 'Lab', tags: [] })),
    )
    const metrics = { latency_ms: 50_000, bytes_in: 7_700_000_000, bytes_out: 1_000, cpu: 5, memory: 20 }
    for (const device of devices) await api('POST', `/devices/${device.id}/heartbeat`, { status: 'online', ip: '192.0.2.60', firmware: '1.0.0', metrics }, key.secret)

    // The status now follows at once (within the ten seconds the refresh waits at most): the
    // screen shows what the server counts, the two new devices online among them.
    let shown = { total: 0, online: 0 }
    let counted = { total: 0, online: 0 }
    await until(
      async () => {
        const answer = (await api('GET', '/metrics/network?range=1h')) as { status: Record<string, number> }
        counted = { total: Object.values(answer.status).reduce((a, b) => a + b, 0), online: answer.status.online ?? 0 }
        shown = await shownStatus(network)
        return shown.total === totalBefore + 2 && shown.total === counted.total && shown.online === counted.online
      },
      { timeoutMs: 20_000, everyMs: 250 },
    ).catch(() => undefined)
    assert.equal(shown, counted)
    assert.is(shown.total, totalBefore + 2)

    // The series follow once the minute of the heartbeats is counted: latency p95 near 50 s,
    // 15.4 GB in, and the two devices at the top of the traffic.
    await network.waitForFunction(
      () => {
        const text = document.querySelectorAll('figcaption[data-chart-caption]')[1]?.textContent ?? ''
        const p95 = text.match(/\(p95\) ([\d,.]+) ms\.$/)?.[1]
        return p95 !== undefined && Number(p95.replace(/,/g, '')) > 40_000
      },
      undefined,
      { timeout: 90_000, polling: 500 },
    )
    await captionMatching(traffic, 0, /Bytes in \u2066(7|1[45])\.\d\u00a0GB\u2069/, 90_000)
    await traffic.getByRole('link', { name: `${name} 1` }).waitFor({ timeout: 20_000 })
    for (const page of [network, traffic]) assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
    await context.close()
  })
}

test.run()
