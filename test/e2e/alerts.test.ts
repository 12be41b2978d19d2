import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { ALERT_LIMITS } from '../../src/contract/alerts'
import { startReceiver, verifySignature } from '../api/_receiver'
import { until } from '../fixtures/until'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn, settle } from './browser'

let receiver: Awaited<ReturnType<typeof startReceiver>>

test.before(async () => {
  // The console runs with WEBHOOKS_ALLOW_PRIVATE=1 (the runner), so a receiver on loopback is allowed.
  receiver = await startReceiver(() => ({ status: 200, body: 'ok' }))
})
test.after(async () => {
  await receiver.close()
  await closeBrowser()
})

const METRICS = { latency_ms: 14, bytes_in: 2048, bytes_out: 512, cpu: 12, memory: 40 }
/** The shortest grace the contract allows, the runner's sweep every second, and room for a loaded machine. */
const FIRES_WITHIN_MS = ALERT_LIMITS.minGraceS * 1000 + 30_000

/** Axe measures colours as painted: let the page's fade and the dialogs' transitions end first. */
async function axeAfterAnimations(page: Page) {
  await settle(page)
  return seriousViolations(page)
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  test(`with no rule yet, the alerts screen says no device is watched and opens the form of the first rule (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // A fresh organization: no rule, and a device that is not reporting.
    await registerAndSignIn(page, 'No rules', BASE)
    const n = Date.now().toString(36)
    await api(page, 'POST', '/devices/', { name: `Quiet ${n}`, serial: `QUIET-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })
    await page.goto(`${BASE}/app/alerts`)
    const firing = page.getByRole('region', { name: /^Firing now/ })
    await firing.getByText('No device is watched yet: there is no alert rule.').waitFor()
    await firing.getByText(/A rule says which devices to watch/).waitFor()
    assert.is(await page.getByText('Nothing is firing. All watched devices are fine.').count(), 0)
    assert.equal(await axeAfterAnimations(page), [], 'the invitation')
    await firing.getByRole('link', { name: 'New rule' }).click()
    await page.getByRole('dialog', { name: 'New alert rule' }).waitFor()
    await page.waitForURL(`${BASE}/app/alerts/rules`)
    await context.close()
  })

  test(`a rule made on the rules screen with a webhook made on its screen fires for a silent device live on the alerts screen and at the webhook, is acknowledged, and shows on the device and home (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // A fresh organization of its own: nothing else fires or counts in it.
    await registerAndSignIn(page, 'Alerts', BASE)
    const n = Date.now().toString(36)
    const deviceName = `Gate ${n}`
    const ruleName = `Gate dark ${n}`
    const device = await api(page, 'POST', '/devices/', { name: deviceName, serial: `ALERT-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })
    const key = await api(page, 'POST', '/access_keys/', { name: `Alerts ${n}`, scopes: ['devices'], expires_in_days: 7 })

    // The webhook, on its screen: its signing secret shows once.
    const hookName = `Pager ${n}`
    await page.goto(`${BASE}/app/alerts/webhooks`)
    await page.getByRole('button', { name: 'New webhook' }).click()
    const hookForm = page.getByRole('dialog', { name: 'New webhook' })
    await hookForm.getByLabel('Name').fill(hookName)
    await hookForm.getByLabel('URL').fill(receiver.url)
    await hookForm.getByRole('button', { name: 'Create', exact: true }).click()
    const shown = page.getByRole('dialog', { name: `Signing secret of “${hookName}”` })
    const secret = await shown.getByLabel('Signing secret').inputValue()
    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await shown.waitFor({ state: 'detached' })
    assert.not.ok((await page.content()).includes(secret), 'the secret is gone once stored')

    // The rule, on the rules screen (by the tab): offline on this one device, with the shortest grace.
    await page.getByRole('navigation', { name: 'Alerts', exact: true }).getByRole('link', { name: 'Alert Rules' }).click()
    await page.getByRole('button', { name: 'New rule' }).click()
    const form = page.getByRole('dialog', { name: 'New alert rule' })
    await form.getByLabel('Name').fill(ruleName)
    await form.getByLabel('Devices').selectOption('device')
    await form.getByLabel('Find a device by name').fill(deviceName)
    await form.locator('select[name="device_id"] option', { hasText: deviceName }).waitFor({ state: 'attached' })
    await form.locator('select[name="device_id"]').selectOption({ label: deviceName })
    await form.getByLabel('Grace time (seconds)').fill(String(ALERT_LIMITS.minGraceS))
    await form.getByLabel('Other addresses').fill('noc@example.com')
    await form.getByRole('checkbox', { name: `${hookName} (${receiver.url})` }).check()
    assert.equal(await axeAfterAnimations(page), [], 'the rule form')
    await form.getByRole('button', { name: 'Create' }).click()
    await form.waitFor({ state: 'detached' })
    await page.getByRole('row').filter({ hasText: ruleName }).waitFor()

    // One heartbeat, then silence; the alerts screen, opened by its tab, shows the alert as it fires.
    await api(page, 'POST', `/devices/${device.id}/heartbeat`, { status: 'online', ip: '192.0.2.60', firmware: '3.1.0', metrics: METRICS }, key.secret)
    await page.getByRole('navigation', { name: 'Alerts', exact: true }).getByRole('link', { name: 'Alerts', exact: true }).click()
    await page.getByText('Nothing is firing. All watched devices are fine.').waitFor()
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const firing = page.getByRole('table', { name: 'Firing now' })
    const row = firing.getByRole('row').filter({ hasText: deviceName })
    await row.waitFor({ timeout: FIRES_WITHIN_MS })
    assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
    assert.is(await row.getByRole('cell', { name: ruleName, exact: true }).count(), 1)
    assert.is(await row.getByText('Offline', { exact: true }).count(), 1)
    assert.match((await row.locator('time').first().textContent()) ?? '', /ago|just now/)
    assert.equal(await axeAfterAnimations(page), [], 'the alerts screen')
    // The webhook heard of it too, signed with the secret shown once.
    const firedAt = (delivery: { body: string }) => (JSON.parse(delivery.body) as { type: string; device?: { id: string } | null })
    const delivery = await until(() => receiver.received.find((got) => firedAt(got).type === 'alert.firing' && firedAt(got).device?.id === device.id), { timeoutMs: 10_000, everyMs: 100 }).catch(() => undefined)
    assert.ok(delivery, 'the webhook got the alert')
    assert.ok(verifySignature(secret, delivery!), 'signed with the secret shown once')

    // Acknowledged with a note: the row says by whom, with the note, and offers no second acknowledge.
    await row.getByRole('button', { name: `Acknowledge ${ruleName} on ${deviceName}` }).click()
    const ack = page.getByRole('dialog', { name: `Acknowledge “${ruleName}” on ${deviceName}` })
    await ack.getByLabel('Note').fill('Uplink replaced at noon')
    assert.equal(await axeAfterAnimations(page), [], 'the acknowledge dialog')
    await ack.getByRole('button', { name: 'Acknowledge' }).click()
    await ack.waitFor({ state: 'detached' })
    await row.getByText('Uplink replaced at noon').waitFor()
    await row.getByText('Acknowledged', { exact: true }).waitFor()
    assert.is(await row.getByRole('button', { name: /^Acknowledge/ }).count(), 0)

    // Muted for an hour, listed, and unmuted.
    await row.getByRole('button', { name: `Mute ${ruleName} on ${deviceName}` }).click()
    const mute = page.getByRole('dialog', { name: 'Mute mails' })
    await mute.getByLabel('1 hour').check()
    await mute.getByRole('button', { name: 'Mute' }).click()
    await mute.waitFor({ state: 'detached' })
    const mutes = page.getByRole('region', { name: 'Mutes in force' })
    await mutes.getByText(`Device: ${deviceName}`).waitFor()
    await mutes.getByRole('button', { name: `Unmute ${deviceName}` }).click()
    await mutes.getByText('Nothing is muted.').waitFor()

    // The device's page lists the alert; the home tile counts it and opens the alerts.
    await page.goto(`${BASE}/app/devices/details?id=${device.id}`)
    const section = page.getByRole('region', { name: 'Alerts' })
    await section.getByText(ruleName).waitFor()
    await section.getByText('Firing', { exact: true }).waitFor()
    await page.goto(`${BASE}/app/home`)
    const tile = page.getByRole('link', { name: '1 Alerts firing', exact: true })
    await tile.waitFor()
    await tile.click()
    await page.waitForURL(`${BASE}/app/alerts`)
    await firing.getByRole('row').filter({ hasText: deviceName }).waitFor()
    await context.close()
  })
}

test.run()
