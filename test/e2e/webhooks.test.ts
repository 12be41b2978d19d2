import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startReceiver, verifySignature } from '../api/_receiver'
import { until } from '../fixtures/until'
import { seriousViolations } from './axe'
import { ADMIN, SCREEN_BUILDS, callApi, closeBrowser, failedLoad, newContext, settle, signIn } from './browser'

type Receiver = Awaited<ReturnType<typeof startReceiver>>
let receiver: Receiver

test.before(async () => {
  // The console runs with WEBHOOKS_ALLOW_PRIVATE=1 (the runner), so a receiver on loopback is allowed.
  receiver = await startReceiver(() => ({ status: 200, body: 'received by the e2e receiver' }))
})
test.after(async () => {
  await receiver.close()
  await closeBrowser()
})

for (const { flavour, BASE } of SCREEN_BUILDS) {
  async function openWebhooks(page: Page) {
    await page.goto(`${BASE}/login?next=/app/alerts/webhooks`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForURL(`${BASE}/app/alerts/webhooks`)
    await page.getByRole('button', { name: 'New webhook' }).waitFor()
  }

  test(`makes a webhook, shows its secret once, sends a test event and shows it in the delivery log (${flavour})`, async () => {
    // The address the server refuses answers 400, on purpose.
    const context = await newContext({ expectedErrors: [failedLoad(400, '/api/webhooks/')] })
    const page = await context.newPage()
    await openWebhooks(page)
    const name = `E2E hook ${flavour} ${Date.now().toString(36)}`

    await page.getByRole('button', { name: 'New webhook' }).click()
    const form = page.getByRole('dialog', { name: 'New webhook' })
    await form.getByLabel('Name').fill(name)
    const url = form.getByLabel('URL')
    await url.fill('hooks.example.com')
    await form.getByRole('button', { name: 'Create', exact: true }).click()
    await form.getByText('Enter an absolute http or https URL, such as https://hooks.example.com/edgeline').waitFor()
    // The server refuses an address no webhook may reach, on the field; what was typed stays.
    await url.fill('http://0.0.0.0:9/hook')
    await form.getByRole('button', { name: 'Create', exact: true }).click()
    await form.getByText('This address cannot receive webhooks').waitFor()
    assert.is(await url.inputValue(), 'http://0.0.0.0:9/hook')
    await url.fill(receiver.url)
    await form.getByRole('button', { name: 'Create', exact: true }).click()

    const shown = page.getByRole('dialog', { name: `Signing secret of “${name}”` })
    const secret = await shown.getByLabel('Signing secret').inputValue()
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await shown.waitFor({ state: 'detached' })
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText(receiver.url).waitFor()
    await row.getByText('On', { exact: true }).waitFor()
    assert.not.ok((await page.content()).includes(secret), 'the page still holds the secret')
    const fields = await page.locator('input, textarea').evaluateAll((all) => all.map((field) => (field as HTMLInputElement).value))
    assert.not.ok(fields.some((value) => value.includes(secret)), 'a field still holds the secret')
    const hooks = (await callApi(page, BASE, 'GET', `/webhooks/?q=${encodeURIComponent(name)}`)) as { id: string }[]
    assert.is(hooks.length, 1)
    const fresh = JSON.stringify(await callApi(page, BASE, 'GET', `/webhooks/${hooks[0]!.id}`))
    assert.not.ok(fresh.includes(secret) || fresh.includes('"secret"'), 'a fresh GET holds the secret')

    const before = receiver.received.length
    await row.getByRole('button', { name: `Send test event to ${name}` }).click()
    await page.getByText('Test event queued: it goes out now').waitFor()
    await until(() => receiver.received.length > before, { timeoutMs: 10_000, everyMs: 100 }).catch(() => undefined)
    const got = receiver.received.at(-1)!
    assert.is(receiver.received.length, before + 1)
    assert.ok(verifySignature(secret, got), 'signed with the secret shown once')
    const event = JSON.parse(got.body) as { id: string; type: string }
    assert.is(event.type, 'webhook.test')

    await row.getByRole('button', { name: `Show the deliveries of ${name}` }).click()
    const log = page.getByRole('dialog', { name: `Deliveries of “${name}”` })
    const entry = log.getByRole('row').filter({ hasText: event.id })
    await entry.getByText('Delivered (200)').waitFor()
    await entry.getByText('webhook.test').waitFor()
    await entry.getByText('received by the e2e receiver').waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'the delivery log')
    await log.getByRole('button', { name: 'Close' }).first().click()
    await log.waitFor({ state: 'detached' })
    await row.getByText('Delivered (200)').waitFor()

    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('dialog', { name: `Delete the webhook “${name}”?` }).getByRole('button', { name: 'Delete webhook' }).click()
    await row.waitFor({ state: 'detached' })
    await context.close()
  })

  test(`has no serious accessibility violations on the webhooks list and its form, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openWebhooks(page)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'New webhook' }).click()
      const form = page.getByRole('dialog', { name: 'New webhook' })
      await form.getByLabel('URL').fill('not a url')
      await form.getByRole('button', { name: 'Create', exact: true }).click()
      await form.getByText('Enter an absolute http or https URL, such as https://hooks.example.com/edgeline').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      // What was typed is not saved: leaving asks first, and that question is checked too.
      await page.keyboard.press('Escape')
      const discard = page.getByRole('dialog', { name: 'Discard changes?' })
      await discard.waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `discard question, ${mode}`)
      await discard.getByRole('button', { name: 'Discard' }).click()
      await form.waitFor({ state: 'detached' })
    }
    await context.close()
  })
}

test.run()
