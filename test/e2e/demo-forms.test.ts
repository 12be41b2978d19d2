import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the demo forms: mismatched passwords, the reset code right and wrong, a fourth file refused (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/forms`)
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor()

    const register = page.getByRole('region', { name: 'Register' })
    await register.getByRole('checkbox').check()
    await register.getByLabel('Full name').fill('Ayu Lestari')
    await register.getByLabel('E-mail').fill('ayu@edge.io')
    await register.getByLabel('Password', { exact: true }).fill('north-gate-7')
    await register.getByLabel('Confirm password').fill('north-gate-8')
    // Enter submits; a click would first leave the field, whose error then moves the button.
    await register.getByLabel('Confirm password').press('Enter')
    await register.getByText('Passwords dont match', { exact: true }).waitFor()
    assert.is(await register.getByRole('status').count(), 0, 'nothing said valid')

    const reset = page.getByRole('region', { name: 'Reset password with a code' })
    await reset.getByLabel('E-mail').fill('ayu@edge.io')
    await reset.getByRole('button', { name: 'Send code' }).click()
    const mail = await reset.getByRole('complementary', { name: "The demo's e-mail" }).textContent()
    const code = /\b(\d{6})\b/.exec(mail ?? '')?.[1]
    assert.ok(code, `a six-digit code in ${mail}`)
    const wrong = code === '000000' ? '000001' : '000000'
    await reset.getByLabel('Message').fill(wrong)
    await reset.getByRole('button', { name: 'Check code' }).click()
    await reset.getByRole('alert').getByText('This is not the code that was sent.').waitFor()
    await reset.getByLabel('Message').fill(code)
    await reset.getByRole('button', { name: 'Check code' }).click()
    await reset.getByText('The code matches: the password may be reset.').waitFor()
    assert.is(await reset.getByRole('alert').count(), 0)

    const drop = page.getByRole('region', { name: 'File drop zone' })
    const files = ['gate.png', 'rack.jpg', 'notes.txt', 'map.bmp'].map((name) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(`demo ${name}`) }))
    await drop.getByLabel('Choose files').setInputFiles(files)
    await drop.getByText('Cannot upload more than 3 items.', { exact: true }).waitFor()
    assert.is(await drop.getByRole('listitem').count(), 0, 'the drop is refused whole')
    await drop.getByLabel('Choose files').setInputFiles(files.slice(0, 3))
    await drop.getByText('3 files added.').waitFor()
    assert.is(await drop.getByRole('listitem').count(), 3)
    await context.close()
  })

  test(`the demo tables: a stock row added and edited in place, a tree row opened (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/tables`)

    const stock = page.getByRole('region', { name: 'Devices in stock' })
    await stock.getByRole('button', { name: 'Add device' }).click()
    await stock.getByRole('textbox', { name: 'Name' }).fill('Edge probe X1')
    await stock.getByRole('textbox', { name: 'Quantity' }).fill('-1')
    await stock.getByRole('button', { name: 'Save' }).click()
    await stock.getByText('A whole number of at least 0').waitFor()
    await stock.getByRole('textbox', { name: 'Quantity' }).fill('4')
    await stock.getByRole('textbox', { name: 'Unit price' }).fill('19.90')
    await stock.getByRole('textbox', { name: 'Unit price' }).press('Enter')
    const added = stock.getByRole('row', { name: /Edge probe X1/ })
    assert.equal(await added.getByRole('cell').allTextContents().then((cells) => cells.slice(0, 3)), ['Gateway', '4', '$19.90'])

    await added.getByRole('button', { name: 'Edit Edge probe X1' }).click()
    await stock.getByRole('textbox', { name: 'Quantity' }).fill('12')
    await stock.getByRole('textbox', { name: 'Quantity' }).press('Enter')
    await stock.getByRole('row', { name: /Edge probe X1/ }).getByRole('cell', { name: '12', exact: true }).waitFor()
    assert.is(await stock.getByRole('textbox').count(), 0, 'the row is back to text')

    const tree = page.getByRole('treegrid', { name: 'Sites, racks and devices' })
    const berlin = tree.getByRole('row', { name: /Berlin HQ/ })
    assert.is(await berlin.getAttribute('aria-expanded'), 'false')
    await berlin.click()
    assert.is(await berlin.getAttribute('aria-expanded'), 'true')
    const rack = tree.getByRole('row', { name: /Rack B1/ })
    assert.is(await rack.getAttribute('aria-level'), '2')
    await rack.focus()
    await rack.press('ArrowRight')
    await tree.getByRole('row', { name: /Lobby kiosk K2/ }).waitFor()
    assert.is(await berlin.locator('td').last().textContent(), '128', 'the site sums its devices')

    // The nutrition table is as it was.
    assert.is(await page.getByRole('combobox', { name: 'Rows per page' }).count(), 1)
    await context.close()
  })
}

test.run()
