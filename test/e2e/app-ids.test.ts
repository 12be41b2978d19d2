import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { ADMIN, BUILDS, callApi, closeBrowser, newContext, settle, signIn } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of BUILDS) {
  async function openAppIds(page: Page) {
    await page.goto(`${BASE}/login?next=/app/app_ids`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForURL(`${BASE}/app/app_ids`)
    await page.getByRole('button', { name: 'New app id' }).waitFor()
  }

  /** The client credentials grant with the secret in the form: the status and the OAuth error, if any. */
  const tokenWith = async (page: Page, clientId: string, secret: string) => {
    const answer = await page.request.post(`${BASE}/api/oauth/token`, {
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
      failOnStatusCode: false,
    })
    return { status: answer.status(), error: ((await answer.json()) as { error?: string }).error }
  }

  /** Reads the secret from its one dialog, closes it, and checks it is nowhere on the page or in a fresh GET. */
  async function takeSecret(page: Page, name: string, id: string | undefined) {
    const shown = page.getByRole('dialog', { name: `Client secret of “${name}”` })
    const secret = await shown.getByLabel('Client secret').inputValue()
    assert.match(secret, /^[\w-]{43}$/)
    const clientId = (await shown.locator('code').textContent()) ?? ''
    assert.match(clientId, /^app_[0-9a-f]{16}$/)
    await shown.getByRole('button', { name: 'I have stored it' }).click()
    await shown.waitFor({ state: 'detached' })
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText(clientId).waitFor()
    assert.not.ok((await page.content()).includes(secret), 'the page still holds the secret')
    const fields = await page.locator('input, textarea').evaluateAll((all) => all.map((field) => (field as HTMLInputElement).value))
    assert.not.ok(fields.some((value) => value.includes(secret)), 'a field still holds the secret')
    const apps = (await callApi(page, BASE, 'GET', `/app_ids/?q=${encodeURIComponent(name)}`)) as { id: string; client_id: string }[]
    const appId = id ?? apps.find((app) => app.client_id === clientId)?.id ?? ''
    const fresh = JSON.stringify(await callApi(page, BASE, 'GET', `/app_ids/${appId}`))
    assert.not.ok(fresh.includes(secret) || fresh.includes('client_secret'), 'a fresh GET holds the secret')
    return { secret, clientId, appId, row }
  }

  test(`creates an app id, shows its secret once, and rotates it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openAppIds(page)
    const name = `E2E app ${flavour} ${Date.now().toString(36)}`

    await page.getByRole('button', { name: 'New app id' }).click()
    const form = page.getByRole('dialog', { name: 'New app id' })
    await form.getByLabel('Name').fill(name)
    const uris = form.getByLabel('Redirect URIs')
    await uris.fill('https://app.example.com/callback\nhttp://example.com/callback')
    await uris.blur()
    await form.getByText('Line 2: Use https, or http only for localhost, 127.0.0.1 or [::1]').waitFor()
    await uris.fill('https://app.example.com/callback\nhttp://localhost:8080/callback')
    await form.getByRole('checkbox', { name: 'Edge & Devices' }).check()
    await form.getByRole('button', { name: 'Create', exact: true }).click()

    const first = await takeSecret(page, name, undefined)
    assert.is((await tokenWith(page, first.clientId, first.secret)).status, 200)
    await first.row.getByText('https://app.example.com/callback').waitFor()
    await first.row.getByText('+1 more').waitFor()

    await first.row.getByRole('button', { name: `Rotate the secret of ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: `Rotate the secret of “${name}”?` })
    assert.match((await confirm.textContent()) ?? '', /the old one stops working at once/)
    await confirm.getByRole('button', { name: 'Rotate secret' }).click()

    const second = await takeSecret(page, name, first.appId)
    assert.is(second.clientId, first.clientId)
    assert.is.not(second.secret, first.secret)
    assert.equal(await tokenWith(page, first.clientId, first.secret), { status: 400, error: 'invalid_client' })
    assert.is((await tokenWith(page, second.clientId, second.secret)).status, 200)
    await second.row.getByText('never').waitFor({ state: 'detached' })

    await second.row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('dialog', { name: `Delete the app id “${name}”?` }).getByRole('button', { name: 'Delete app id' }).click()
    await second.row.waitFor({ state: 'detached' })
    assert.equal(await tokenWith(page, second.clientId, second.secret), { status: 400, error: 'invalid_client' })
    await context.close()
  })

  test(`has no serious accessibility violations on the app ids list and its form, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openAppIds(page)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await page.getByRole('table').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'New app id' }).click()
      const form = page.getByRole('dialog', { name: 'New app id' })
      await form.getByLabel('Redirect URIs').fill('http://example.com/cb')
      await form.getByRole('button', { name: 'Create', exact: true }).click()
      await form.getByText(/^Line 1:/).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      await page.keyboard.press('Escape')
    }
    await context.close()
  })
}

test.run()
