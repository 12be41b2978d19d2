import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { SCREEN_BUILDS, callApi, closeBrowser, dialogClosed, failedLoad, newContext, registerAndSignIn, settle, signInAdmin } from './browser'

test.after(closeBrowser)

const LIMIT = 'Your plan allows 10 devices; remove one or change the plan'

for (const { flavour, BASE } of SCREEN_BUILDS) {
  const addDevice = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'Add device' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a device' })
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Serial number').fill(name.replace(/\W+/g, '-'))
    await form.getByLabel('Model').fill('Kiosk K2')
    await form.getByRole('button', { name: 'Add device' }).click()
    return form
  }

  test(`a device past the plan is refused with the plan's message, and a bigger plan lets it in (${flavour})`, async () => {
    // The refusals are the point: the browser logs each 409 it receives.
    const context = await newContext({ expectedErrors: [failedLoad(409, '/api/devices/'), failedLoad(409, '/api/billing/plan')] })
    const page = await context.newPage()
    await registerAndSignIn(page, `Billing ${flavour}`, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    // A new organization is on the free plan: fill it to its limit.
    const billing = (await callApi(page, BASE, 'GET', '/billing/')) as { plan: string; limits: { devices: number } }
    assert.equal([billing.plan, billing.limits.devices], ['free', 10])
    for (let i = 0; i < 10; i++) await callApi(page, BASE, 'POST', '/devices/', { name: `Full ${n} ${i}`, serial: `FULL-${n}-${i}`, model: 'EdgeBox 300', location: '', tags: [] })

    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    const form = await addDevice(page, `Over ${n}`)
    await form.getByRole('alert').getByText(LIMIT).waitFor()

    // The billing screen shows the devices bar full, and the plan changes from there. What was
    // typed was refused, not saved: leaving the form asks first.
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click()
    await dialogClosed(page, form)
    await page.goto(`${BASE}/app/billing`)
    const devices = page.getByRole('meter', { name: 'Devices' })
    await devices.waitFor()
    assert.is(await devices.getAttribute('aria-valuetext'), '10 of 10, At the limit')
    await page.getByRole('button', { name: 'Change plan' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change plan' })
    await dialog.getByLabel(/^Team/).check()
    await dialog.getByRole('button', { name: 'Change plan' }).click()
    await page.getByRole('dialog', { name: 'Switch to Team?' }).getByRole('button', { name: 'Switch plan' }).click()
    await page.getByText('You are now on the Team plan').waitFor()
    await page.getByRole('heading', { name: 'Your plan: Team' }).waitFor()
    assert.is(await devices.getAttribute('aria-valuetext'), '10 of 50')

    // The device now goes in; a downgrade below the fleet is then refused with what to remove.
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    const again = await addDevice(page, `Over ${n}`)
    await dialogClosed(page, again)
    await page.getByText('Device added').waitFor()
    // Its last step offers the commands that connect it; Done leaves them.
    const connect = page.getByRole('dialog', { name: `Connect Over ${n}` })
    await connect.getByLabel('Linux with Node.js 18 or later', { exact: true }).waitFor()
    await connect.getByRole('button', { name: 'Done' }).last().click()
    await connect.waitFor({ state: 'detached' })
    await page.goto(`${BASE}/app/billing`)
    await page.getByRole('button', { name: 'Change plan' }).click()
    await dialog.getByLabel(/^Free/).check()
    await dialog.getByRole('button', { name: 'Change plan' }).click()
    await page.getByRole('dialog', { name: 'Switch to Free?' }).getByRole('button', { name: 'Switch plan' }).click()
    await dialog.getByText('The Free plan allows 10 devices and 5 tunnels. Remove 1 device first').waitFor()
    assert.is(((await callApi(page, BASE, 'GET', '/billing/')) as { plan: string }).plan, 'team')
    await context.close()
  })

  test(`an invoice prints alone, without the console around it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/billing`)
    const first = page.getByRole('table').getByRole('link').first()
    await first.waitFor()
    const month = (await first.textContent()) ?? ''
    await first.click()
    await page.waitForURL(/\/app\/billing\?invoice=/)
    const sheet = page.getByRole('article')
    await sheet.getByRole('heading', { name: `Invoice ${month}` }).waitFor()
    assert.ok(await sheet.getByText('Team plan').isVisible())
    assert.match((await sheet.locator('tfoot').textContent()) ?? '', /Total \(USD\)\$\d{1,3}(,\d{3})*\.\d{2}/)
    const header = page.locator('header').first()
    assert.ok(await header.isVisible(), 'the header shows on screen')
    const print = page.getByRole('button', { name: 'Print' })
    assert.ok(await print.isVisible())

    await page.emulateMedia({ media: 'print' })
    await settle(page)
    assert.ok(await sheet.isVisible(), 'the invoice prints')
    assert.ok(await sheet.getByRole('heading', { name: `Invoice ${month}` }).isVisible())
    assert.not.ok(await header.isVisible(), 'the header is hidden in print')
    assert.not.ok(await print.isVisible(), 'the Print button is hidden in print')
    assert.not.ok(await page.getByRole('navigation').first().isVisible(), 'the menu is hidden in print')
    const box = await sheet.boundingBox()
    assert.ok(box && box.x < 40 && box.y < 40, `the sheet starts at the page's corner: ${JSON.stringify(box)}`)
    await page.emulateMedia({ media: 'screen' })
    assert.ok(await header.isVisible())

    // window.print() is what the button calls.
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => void ((window as unknown as { printed: number }).printed += 1)
    })
    await print.click()
    assert.is(await page.evaluate(() => (window as unknown as { printed: number }).printed), 1)
    await context.close()
  })
}

test.run()
