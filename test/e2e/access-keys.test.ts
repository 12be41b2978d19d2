import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { ADMIN, SCREEN_BUILDS, callApi, closeBrowser, newContext, settle, signIn } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  async function openKeys(page: Page) {
    await page.goto(`${BASE}/login?next=/app/access_keys`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForURL(`${BASE}/app/access_keys`)
    await page.getByRole('button', { name: 'New key' }).waitFor()
  }

  const devicesWith = (page: Page, secret: string) =>
    page.request.get(`${BASE}/api/devices/`, { headers: { Authorization: `Bearer ${secret}` }, failOnStatusCode: false })

  test(`issues a key whose copied secret calls the API, and revokes it in the console (${flavour})`, async () => {
    const context = await newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE })
    const page = await context.newPage()
    await openKeys(page)
    const name = `E2E agent ${flavour} ${Date.now().toString(36)}`

    await page.getByRole('button', { name: 'New key' }).click()
    const form = page.getByRole('dialog', { name: 'New access key' })
    await form.getByLabel('Name').fill(name)
    await form.getByRole('checkbox', { name: 'Edge & Devices' }).check()
    await form.getByLabel('Expires after').selectOption('30')
    await form.getByRole('button', { name: 'Create key' }).click()

    const shown = page.getByRole('dialog', { name: `Your new key “${name}”` })
    const field = shown.getByLabel('Secret')
    const secret = await field.inputValue()
    assert.match(secret, /^edk_[a-z0-9]{8}_[\w-]{43}$/)
    await shown.getByRole('button', { name: 'Copy' }).click()
    await shown.getByRole('button', { name: 'Copied' }).waitFor()
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), secret)
    assert.is((await devicesWith(page, secret)).status(), 200)

    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await shown.waitFor({ state: 'detached' })
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText(`${secret.slice(0, 12)}…`).waitFor()
    assert.not.ok((await page.content()).includes(secret), 'the page still holds the secret')

    await row.getByRole('button', { name: `Revoke ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: `Revoke the key “${name}”?` })
    assert.match((await confirm.textContent()) ?? '', /stops working at once/)
    await confirm.getByRole('button', { name: 'Revoke key' }).click()
    await row.getByText('Revoked', { exact: true }).waitFor()
    assert.is(await row.getByRole('button').count(), 0)
    assert.is((await devicesWith(page, secret)).status(), 401)
    await context.close()
  })

  test(`issues a key for device heartbeats only: it reports a device and reads nothing (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openKeys(page)
    const name = `E2E kiosk key ${flavour} ${Date.now().toString(36)}`
    await page.getByRole('button', { name: 'New key' }).click()
    const form = page.getByRole('dialog', { name: 'New access key' })
    await form.getByLabel('Name').fill(name)
    await form.getByRole('checkbox', { name: 'Device heartbeats only' }).check()
    await form.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('dialog', { name: `Your new key “${name}”` })
    const secret = await shown.getByLabel('Secret').inputValue()
    const [device] = (await callApi(page, BASE, 'GET', '/devices/?per_page=5')) as { id: string }[]
    assert.ok(device, 'the seeded fleet has a device')
    const beat = { status: 'online', ip: '192.0.2.77', firmware: '3.1.0', metrics: { latency_ms: 10, bytes_in: 1, bytes_out: 1, cpu: 1, memory: 1 } }
    const sent = await page.request.post(`${BASE}/api/devices/${device.id}/heartbeat`, { data: beat, headers: { Authorization: `Bearer ${secret}` }, failOnStatusCode: false })
    assert.is(sent.status(), 200)
    assert.is((await devicesWith(page, secret)).status(), 403)
    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await page.getByRole('row').filter({ hasText: name }).getByText('Device heartbeats only').waitFor()
    await context.close()
  })

  test(`has no serious accessibility violations on the keys list and its form, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openKeys(page)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await page.getByRole('table').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'New key' }).click()
      await page.getByRole('dialog', { name: 'New access key' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      await page.keyboard.press('Escape')
    }
    await context.close()
  })
}

test.run()
