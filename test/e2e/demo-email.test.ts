import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the e-mail demo: a folder shows its mails, the search finds a subject, and a sent message lands in Sent (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.getByRole('button', { name: 'Demo pages' }).click()
    await page.getByRole('link', { name: 'E-mail' }).click()
    await page.waitForURL(`${BASE}/app/pages/email`)
    const folders = page.getByRole('navigation', { name: 'Mail folders' })
    const subjects = () => page.locator('button[data-key]').locator('span > span:nth-child(2)').allTextContents()

    await folders.getByRole('button', { name: 'Sent 2 mails' }).click()
    await page.getByRole('heading', { name: 'Sent', level: 2 }).waitFor()
    assert.equal(await subjects(), ['Spare gateways for the Jakarta depot', 'Access keys for the audit'])

    await folders.getByRole('button', { name: 'Inbox 11 mails' }).click()
    await page.getByRole('searchbox', { name: 'Search by subject' }).fill('GATEWAY')
    await page.getByRole('status').getByText('1 mail').waitFor()
    assert.equal(await subjects(), ['Gateway GW-114 back online'])
    await page.getByRole('searchbox', { name: 'Search by subject' }).fill('')

    await page.getByRole('button', { name: 'Compose' }).click()
    const dialog = page.getByRole('dialog', { name: 'New message' })
    await dialog.getByRole('textbox', { name: 'To' }).fill('dewi@northgate')
    await dialog.getByRole('button', { name: 'Send' }).click()
    await dialog.getByText('Invalid email').waitFor()
    await dialog.getByRole('textbox', { name: 'To' }).fill('dewi@northgate.test')
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Tracking numbers')
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The six gateways travel as 4471 and 4472.')
    await dialog.getByRole('button', { name: 'Send' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Message sent to dewi@northgate.test.', { exact: false }).waitFor()

    await folders.getByRole('button', { name: 'Sent 3 mails' }).click()
    assert.is((await subjects())[0], 'Tracking numbers')
    await page.locator('button[data-key]').first().click()
    const mail = page.getByRole('region', { name: 'Tracking numbers' })
    await mail.getByText('To dewi@northgate.test').waitFor()
    await mail.getByText('The six gateways travel as 4471 and 4472.').waitFor()
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })
}

test.run()
