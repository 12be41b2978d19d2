import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { BrowserContext, Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { BUILDS, callApi, closeBrowser, dialogClosed, failedLoad, newContext, settle, signInAdmin as signInAdminAt } from './browser'

test.after(closeBrowser)

/** Axe measures colours as painted: let the page's fade and the mode's transitions end first. */
async function axeAfterAnimations(page: Page) {
  await settle(page)
  return seriousViolations(page)
}

const METRICS = { latency_ms: 14, bytes_in: 2048, bytes_out: 512, cpu: 12, memory: 40 }

for (const { flavour, BASE } of BUILDS) {
  const signInAdmin = (page: Page) => signInAdminAt(page, BASE)

  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  /** A signed-in admin on the edit form of the device `id`. */
  async function editorOf(context: BrowserContext, id: string, name: string) {
    const page = await context.newPage()
    await signInAdmin(page)
    await page.goto(`${BASE}/app/devices/details?id=${id}`)
    await page.getByRole('heading', { name, exact: true }).waitFor()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('dialog', { name: `Edit ${name}` })
    await form.waitFor()
    return { page, form }
  }

  test(`adds a device, lists it, and turns its row online on a heartbeat without a reload (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    await page.getByRole('button', { name: 'Add device' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a device' })
    await form.getByLabel('Name').fill(`E2E kiosk ${n}`)
    await form.getByLabel('Serial number').fill(`E2E-${n}`)
    await form.getByLabel('Model').fill('Kiosk K2')
    await form.getByLabel('Location').fill('Test lab')
    await form.getByLabel('Tags, separated by commas').fill('e2e, lobby')
    await form.getByRole('button', { name: 'Add device' }).click()
    await form.waitFor({ state: 'detached' })
    await page.getByText('Device added').waitFor()

    // The last step: the commands that connect it, with its serial, and a wait for its first heartbeat.
    const connect = page.getByRole('dialog', { name: `Connect E2E kiosk ${n}` })
    const command = await connect.getByLabel('Linux with Node.js 18 or later', { exact: true }).inputValue()
    assert.match(command, new RegExp(`^curl -fsSL ${BASE}/agent.mjs -o agent.mjs && node agent.mjs enroll --url ${BASE} --key enk_\\w{8}_[\\w-]{43} --serial E2E-${n} --name 'E2E kiosk ${n}'$`))
    await connect.getByText('Waiting for the first heartbeat…').waitFor()
    await connect.getByRole('button', { name: 'Done' }).last().click()
    await connect.waitFor({ state: 'detached' })

    // The new device is listed (by the live change event), still provisioning.
    await page.getByRole('searchbox').fill(`E2E kiosk ${n}`)
    const row = page.getByRole('row').filter({ hasText: `E2E kiosk ${n}` })
    await row.getByText('Provisioning', { exact: true }).waitFor()
    assert.is(await row.getByText('never', { exact: true }).count(), 1)
    const href = (await row.getByRole('link', { name: `E2E kiosk ${n}` }).getAttribute('href')) ?? ''
    const id = new URL(href, BASE).searchParams.get('id') ?? ''
    assert.ok(id, href)

    // A heartbeat with a key of the organization: the row turns online in this same page.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const key = await api(page, 'POST', '/access_keys/', { name: `Heartbeat ${n}`, scopes: ['devices'], expires_in_days: 7 })
    await api(page, 'POST', `/devices/${id}/heartbeat`, { status: 'online', ip: '192.0.2.44', firmware: '3.1.0', metrics: METRICS }, key.secret)
    await row.getByText('Online', { exact: true }).waitFor()
    await row.getByText('just now', { exact: true }).waitFor()
    assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')

    // The status filter is in the address, so a link can open the list narrowed.
    await page.getByRole('button', { name: 'Offline', exact: true }).click()
    await page.waitForURL(/[?&]status=offline/)
    await row.waitFor({ state: 'detached' })
    await context.close()
  })

  test(`merges two editors' changes and asks the second only about the fields both changed (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const name = `E2E shared ${n}`
    const setup = await newContext()
    const first = await setup.newPage()
    await signInAdmin(first)
    const device = await api(first, 'POST', '/devices/', { name, serial: `E2E-C-${n}`, model: 'EdgeBox 300', location: 'Start', tags: [] })
    await setup.close()

    const path = `/api/devices/${device.id}`
    const alice = await editorOf(await newContext(), device.id, name)
    const bob = await editorOf(await newContext({ expectedErrors: [failedLoad(409, path), failedLoad(409, path)] }), device.id, name)

    // Alice saves first; Bob's form still holds the version he opened.
    await alice.form.getByLabel('Location').fill('Room A')
    await alice.form.getByRole('button', { name: 'Save' }).click()
    await alice.form.waitFor({ state: 'detached' })
    await alice.page.locator('dd').getByText('Room A', { exact: true }).waitFor()

    await bob.form.getByLabel('Location').fill('Room B')
    await bob.form.getByRole('button', { name: 'Save' }).click()
    const conflict = bob.page.getByRole('dialog', { name: 'Someone else changed this' })
    await conflict.waitFor()
    const locationRow = conflict.getByRole('row').filter({ hasText: 'Location' })
    assert.equal(await locationRow.locator('td').allTextContents(), ['Room B', 'Room A'])
    // Only the field both changed is asked about.
    assert.equal(await conflict.getByRole('row').count(), 2)
    await conflict.getByRole('button', { name: 'Keep mine' }).click()
    await conflict.waitFor({ state: 'detached' })
    await bob.page.locator('dd').getByText('Room B', { exact: true }).waitFor()
    // Alice's page follows the saved record live.
    await alice.page.locator('dd').getByText('Room B', { exact: true }).waitFor()
    assert.is((await api(bob.page, 'GET', `/devices/${device.id}`)).location, 'Room B')

    // Again, both open the form. Alice renames and changes the model; Bob changes the location
    // and the model, then takes her model: her name comes along unasked and his location stays.
    await alice.page.getByRole('button', { name: 'Edit', exact: true }).click()
    await bob.page.getByRole('button', { name: 'Edit', exact: true }).click()
    const aliceForm = alice.page.getByRole('dialog', { name: `Edit ${name}` })
    const bobForm = bob.page.getByRole('dialog', { name: `Edit ${name}` })
    await aliceForm.getByLabel('Name').fill(`${name} renamed`)
    await aliceForm.getByLabel('Model').fill('EdgeBox 400')
    await aliceForm.getByRole('button', { name: 'Save' }).click()
    await aliceForm.waitFor({ state: 'detached' })
    await bobForm.getByLabel('Location').fill('Room C')
    await bobForm.getByLabel('Model').fill('EdgeBox 500')
    await bobForm.getByRole('button', { name: 'Save' }).click()
    await conflict.waitFor()
    const rows = await conflict.getByRole('row').evaluateAll((all) => all.slice(1).map((row) => [...row.children].map((cell) => cell.textContent)))
    assert.equal(rows, [['Model', 'EdgeBox 500', 'EdgeBox 400']])
    await conflict.getByRole('button', { name: 'Take theirs' }).click()
    await conflict.waitFor({ state: 'detached' })
    await bob.page.getByRole('heading', { name: `${name} renamed`, exact: true }).waitFor()
    await bob.page.locator('dd').getByText('Room C', { exact: true }).waitFor()
    const saved = await api(bob.page, 'GET', `/devices/${device.id}`)
    assert.equal([saved.name, saved.location, saved.model], [`${name} renamed`, 'Room C', 'EdgeBox 400'])
    await alice.page.context().close()
    await bob.page.context().close()
  })

  test(`has no serious accessibility violations on the list and a device's page, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    await page.goto(`${BASE}/app/devices?status=online`)
    const link = page.getByRole('row').nth(1).getByRole('link')
    await link.waitFor()
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      assert.equal(await axeAfterAnimations(page), [], `list, ${mode}`)
    }
    await link.click()
    await page.waitForURL(/\/app\/devices\/details\?id=/)
    await page.getByRole('img', { name: /^Latency Latest/ }).waitFor()
    for (const mode of ['dark', 'light']) {
      if (mode === 'light') await page.getByRole('button', { name: 'Turn Light' }).click()
      assert.equal(await axeAfterAnimations(page), [], `detail, ${mode}`)
    }
    await context.close()
  })
  test(`warns of a name another device has, and the tunnel's device picker tells the two apart (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    const name = `E2E twin ${n}`
    const first = await api(page, 'POST', '/devices/', { name, serial: `E2E-T1-${n}`, model: 'EdgeBox 300', location: '', tags: [] })
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    await page.getByRole('button', { name: 'Add device' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a device' })
    const field = form.getByLabel('Name')
    // Required fields are marked from the start, outside their names.
    assert.is(await field.getAttribute('aria-required'), 'true')
    assert.is(await form.locator('label', { hasText: 'Serial number' }).evaluate((label) => getComputedStyle(label, '::after').content), '"*" / ""')
    // A submit with errors shows them all and puts the focus on the first.
    await form.getByRole('button', { name: 'Add device' }).click()
    assert.ok(await field.evaluate((input) => input === document.activeElement && input.getAttribute('aria-invalid') === 'true'))
    await field.fill(name.toUpperCase())
    const note = form.getByText(`Another device is already named ${name}.`)
    await note.waitFor()
    assert.is(await form.getByRole('link', { name: 'Open it (opens in a new tab)' }).getAttribute('href'), `/app/devices/details?id=${first.id}`)
    assert.match((await field.getAttribute('aria-describedby')) ?? '', /hint/)
    // Saving is still allowed, as the same name.
    await field.fill(name)
    await form.getByLabel('Serial number').fill(`E2E-T2-${n}`)
    await form.getByLabel('Model').fill('EdgeBox 300')
    await form.getByRole('button', { name: 'Add device' }).click()
    await dialogClosed(page, form)
    const connect = page.getByRole('dialog', { name: `Connect ${name}` })
    await connect.getByLabel('Linux with Node.js 18 or later', { exact: true }).waitFor()
    await connect.getByRole('button', { name: 'Done' }).last().click()
    await connect.waitFor({ state: 'detached' })

    await page.goto(`${BASE}/app/tunnels`)
    await page.getByRole('button', { name: 'New tunnel' }).first().click()
    const tunnel = page.getByRole('dialog', { name: 'New tunnel' })
    await tunnel.getByRole('searchbox', { name: 'Find a device' }).fill(name)
    const picker = tunnel.getByRole('combobox', { name: 'Device' })
    await picker.locator('option', { hasText: `E2E-T2-${n}` }).waitFor({ state: 'attached' })
    const labels = (await picker.locator('option').allTextContents()).filter((label) => label.startsWith(name))
    assert.equal(labels.sort(), [`${name} · E2E-T1-${n}`, `${name} · E2E-T2-${n}`])
    await context.close()
  })

  test(`asks before a changed dialog is closed, reloaded or left with Back, and keeps what was typed (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    const listUrl = page.url()
    await page.getByRole('button', { name: 'Add device' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a device' })
    const ask = page.getByRole('dialog', { name: 'Discard changes?' })
    /** Waits until a reload would (or would not) ask first; a form's change reaches the page's handlers after its paint. */
    const leaving = (asks: boolean) =>
      page.waitForFunction((expected) => {
        const event = new Event('beforeunload', { cancelable: true })
        window.dispatchEvent(event)
        return event.defaultPrevented === expected
      }, asks)
    // Untouched, Esc closes at once.
    await form.getByLabel('Name').waitFor()
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Add device' }).first().click()
    await form.getByLabel('Name').waitFor()
    await leaving(false)
    await form.getByLabel('Name').fill('Half-typed kiosk')
    await leaving(true)

    await page.keyboard.press('Escape')
    await ask.waitFor()
    assert.equal(await seriousViolations(page), [])
    await ask.getByRole('button', { name: 'Keep editing' }).click()
    await ask.waitFor({ state: 'detached' })
    assert.is(await form.getByLabel('Name').inputValue(), 'Half-typed kiosk')

    // Back asks too, and staying keeps the page, the dialog and what was typed.
    await page.evaluate(() => history.back())
    await ask.waitFor()
    assert.is(page.url(), listUrl)
    await ask.getByRole('button', { name: 'Keep editing' }).click()
    assert.is(await form.getByLabel('Name').inputValue(), 'Half-typed kiosk')
    await page.evaluate(() => history.back())
    await ask.waitFor()
    await ask.getByRole('button', { name: 'Discard' }).click()
    await form.waitFor({ state: 'detached' })
    await page.waitForURL((url) => url.href !== listUrl)
    await leaving(false)
    await context.close()
  })
}

test.run()
