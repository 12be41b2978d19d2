import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the contacts demo: the search narrows the list and its total, Favorites shows the favourites, and a new contact shows (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.getByRole('button', { name: 'Demo pages' }).click()
    await page.getByRole('link', { name: 'Contacts' }).click()
    await page.waitForURL(`${BASE}/app/pages/contacts`)
    const list = page.getByRole('tabpanel')
    const total = page.getByRole('status')
    await total.getByText('Total: 12 contacts').waitFor()

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('WE')
    await total.getByText('Total: 2 contacts').waitFor()
    assert.equal(await list.locator('button[data-key]').locator('span > span:first-child').allTextContents(), ['Chen Wei', 'Jonas Weber'])
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('')

    await page.getByRole('tab', { name: 'Favorites' }).click()
    await total.getByText('Total: 4 contacts').waitFor()
    assert.is(await page.getByRole('tab', { name: 'Favorites' }).getAttribute('aria-selected'), 'true')
    assert.is(await list.getByRole('button', { name: /^Bastian Krüger/ }).count(), 0, 'not a favourite')

    await page.getByRole('button', { name: 'Add contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a contact' })
    await dialog.getByRole('textbox', { name: 'Company e-mail' }).fill('nia@depot')
    await dialog.getByRole('textbox', { name: 'Address' }).focus()
    await dialog.getByText('Invalid email').waitFor()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.getByText('Required').waitFor()
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nia Obi')
    await dialog.getByRole('textbox', { name: 'Company e-mail' }).fill('nia@depot.test')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Not a favourite: the list steps back to All to show it.
    await total.getByText('Total: 13 contacts').waitFor()
    await list.getByRole('button', { name: /^Nia Obi/ }).waitFor()
    await page.getByRole('region', { name: 'Nia Obi' }).getByRole('link', { name: 'nia@depot.test' }).waitFor()
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })

  test(`on a narrow page the chosen contact replaces the list, and Back brings it again (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 400, height: 800 } })
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/contacts`)
    await page.getByRole('button', { name: /^Chen Wei/ }).click()
    const detail = page.getByRole('region', { name: 'Chen Wei' })
    await detail.getByRole('heading', { name: 'Chen Wei' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search contacts' }).waitFor({ state: 'hidden' })
    await page.waitForFunction(() => document.activeElement?.id === 'demo-contact-name')
    await detail.getByRole('button', { name: 'Back to the list' }).click()
    await page.getByRole('searchbox', { name: 'Search contacts' }).waitFor()
    // Focus is back on the contact it left from.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-key') === 'c3')
    await context.close()
  })
}

test.run()
