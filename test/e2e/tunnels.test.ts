import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, settle, signInAdmin as signInAdminAt } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  const signInAdmin = (page: Page) => signInAdminAt(page, BASE)

  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  test(`opens a tunnel on a device, sees it come up live, and disables it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await api(page, 'POST', '/devices/', { name: `E2E gateway ${n}`, serial: `E2E-${n}`, model: 'EdgeBox 300', location: '', tags: [] })

    // The device's page links here with the device in the address.
    await page.goto(`${BASE}/app/tunnels?device_id=${device.id}`)
    await page.getByText(`Device: E2E gateway ${n}`).waitFor()
    await page.getByRole('button', { name: 'New tunnel' }).click()
    const form = page.getByRole('dialog', { name: 'New tunnel' })
    await form.getByLabel('Name').fill(`Web ${n}`)
    await form.getByRole('option', { name: `E2E gateway ${n}` }).waitFor({ state: 'attached' })
    assert.is(await form.getByLabel('Device', { exact: true }).inputValue(), device.id)
    await form.getByLabel('Protocol').selectOption('https')
    await form.getByLabel('Local port').fill('8443')
    await form.getByRole('button', { name: 'Create' }).click()
    await form.waitFor({ state: 'detached' })

    const row = page.getByRole('row').filter({ hasText: `Web ${n}` })
    await row.getByText('Down', { exact: true }).waitFor()
    assert.match((await row.locator('code').textContent()) ?? '', /^https:\/\/t-[0-9a-f]+\./)

    // A heartbeat brings the device online: its enabled tunnel comes up without a reload.
    const key = await api(page, 'POST', '/access_keys/', { name: `Heartbeat ${n}`, scopes: ['devices'], expires_in_days: 7 })
    const metrics = { latency_ms: 12, bytes_in: 100, bytes_out: 200, cpu: 10, memory: 20 }
    await api(page, 'POST', `/devices/${device.id}/heartbeat`, { status: 'online', ip: '192.0.2.10', firmware: '3.1.0', metrics }, key.secret)
    await row.getByText('Up', { exact: true }).waitFor()

    const toggle = row.getByRole('switch', { name: `Web ${n} enabled` })
    assert.ok(await toggle.isChecked())
    await toggle.focus()
    await page.keyboard.press('Space')
    await page.getByText('Tunnel disabled').waitFor()
    await row.getByText('Down', { exact: true }).waitFor()
    assert.not.ok(await toggle.isChecked())
    const [saved] = await api(page, 'GET', `/tunnels/?device_id=${device.id}`)
    assert.is(saved.enabled, false)
    await context.close()
  })

  test(`has no serious accessibility violations on the tunnels list and its form, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    await page.goto(`${BASE}/app/tunnels`)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await page.getByRole('table').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'New tunnel' }).click()
      await page.getByRole('dialog', { name: 'New tunnel' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      await page.keyboard.press('Escape')
    }
    await context.close()
  })
}

test.run()
