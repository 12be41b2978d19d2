import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the to-do demo: opened from the menu's demo group, it adds a task, completes it and filters (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // Signed in is all the demo pages ask (the server's own accounts; registering more would
    // spend the registration throttle the people tests need).
    await signInAdmin(page, BASE)
    await page.getByRole('button', { name: 'Demo pages' }).click()
    await page.getByRole('link', { name: 'To-do' }).click()
    await page.waitForURL(`${BASE}/app/pages/task`)
    await page.getByRole('heading', { name: 'Task', level: 1 }).waitFor()
    const input = page.getByLabel('New task')
    await input.fill('Check the north gate')
    await input.press('Enter')
    const box = page.getByRole('checkbox', { name: 'Check the north gate' })
    await box.check()
    await page.getByRole('button', { name: 'Completed' }).click()
    await box.waitFor()
    await page.getByRole('button', { name: 'Active' }).click()
    await box.waitFor({ state: 'detached' })
    assert.ok(await page.getByRole('checkbox').count(), 'the active made-up tasks show')
    await context.close()
  })

  test(`the nutrition table sorts a column descending on the first click and ascending on the second (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/tables`)
    const table = page.getByRole('table', { name: 'Nutrition facts of desserts, per 100 g serving' })
    const firstRow = () => table.getByRole('rowheader').first().textContent()
    const calories = table.getByRole('columnheader', { name: /Calories/ })
    await calories.getByRole('button').click()
    assert.is(await calories.getAttribute('aria-sort'), 'descending')
    assert.is(await firstRow(), 'KitKat')
    await calories.getByRole('button').click()
    assert.is(await calories.getAttribute('aria-sort'), 'ascending')
    assert.is(await firstRow(), 'Frozen yoghurt')
    await page.getByRole('searchbox', { name: 'Search desserts' }).fill('o')
    assert.is(await page.getByRole('combobox', { name: 'Rows per page' }).count(), 0, 'a search shows every match')
    await page.getByRole('searchbox', { name: 'Search desserts' }).fill('')
    assert.is(await table.getByRole('rowheader').count(), 5)
    await context.close()
  })

  test(`the invoice's total follows a changed quantity (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/invoice`)
    const total = page.getByRole('table', { name: 'Invoice rows' }).locator('tfoot td').first()
    await total.getByText('$3,305.00').waitFor()
    await page.getByRole('spinbutton', { name: 'Quantity of row 1' }).fill('5')
    await total.getByText('$3,554.00').waitFor()
    await context.close()
  })
}

test.run()
