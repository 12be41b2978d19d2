import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { ADMIN, SCREEN_BUILDS, callApi, closeBrowser, newContext, settle, signIn } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
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
    const clientId = (await shown.locator('code').first().textContent()) ?? ''
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

  test(`creates an app id without redirect URIs, shows its secret once with a token request that works, and rotates it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await openAppIds(page)
    const name = `E2E app ${flavour} ${Date.now().toString(36)}`

    await page.getByRole('button', { name: 'New app id' }).click()
    const form = page.getByRole('dialog', { name: 'New app id' })
    await form.getByLabel('Name').fill(name)
    // The client credentials grant has no redirect: nothing asks for one.
    assert.is(await form.getByLabel('Redirect URIs').count(), 0)
    await form.getByRole('checkbox', { name: 'Edge & Devices' }).check()
    await form.getByRole('button', { name: 'Create', exact: true }).click()

    // Beside the secret: the token URL and a request with the client id filled in, the secret's place marked.
    const shown = page.getByRole('dialog', { name: `Client secret of “${name}”` })
    const example = (await shown.getByRole('figure', { name: 'Example request' }).locator('pre').textContent()) ?? ''
    const [, exampleId, url] = /^curl -u '(app_[0-9a-f]{16}):<client secret>' -d grant_type=client_credentials (\S+)$/.exec(example) ?? []
    assert.ok(exampleId && url, example)
    assert.is(url, `${BASE}/api/oauth/token`)
    await shown.getByText(url!, { exact: true }).waitFor()
    const secretShown = await shown.getByLabel('Client secret').inputValue()
    // The example, with the secret put in its place, gets a token.
    const viaExample = await page.request.post(url!, {
      form: { grant_type: 'client_credentials' },
      headers: { Authorization: `Basic ${Buffer.from(`${exampleId}:${secretShown}`).toString('base64')}` },
      failOnStatusCode: false,
    })
    assert.is(viaExample.status(), 200)

    const first = await takeSecret(page, name, undefined)
    assert.is(first.clientId, exampleId)
    assert.is((await tokenWith(page, first.clientId, first.secret)).status, 200)

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
      await form.getByRole('button', { name: 'Create', exact: true }).click()
      await form.getByText('Choose at least one scope').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      // The secret's dialog, with the token URL and the example request.
      const name = `Axe app ${mode} ${flavour} ${Date.now().toString(36)}`
      await form.getByLabel('Name').fill(name)
      await form.getByRole('checkbox', { name: 'Edge & Devices' }).check()
      await form.getByRole('button', { name: 'Create', exact: true }).click()
      const shown = page.getByRole('dialog', { name: `Client secret of “${name}”` })
      await shown.getByRole('figure', { name: 'Example request' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `secret, ${mode}`)
      await shown.getByRole('button', { name: 'I have stored it' }).click()
      await shown.waitFor({ state: 'detached' })
    }
    await context.close()
  })
}

test.run()
