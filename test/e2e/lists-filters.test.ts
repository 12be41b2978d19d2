import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn, signInAdmin } from './browser'

test.after(closeBrowser)

/** The rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') row.push(cell), (cell = '')
    else if (char === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++
    else cell += char
  }
  const [header, ...body] = rows
  return body.map((cells) => Object.fromEntries(header!.map((name, n) => [name, cells[n]!])))
}

/** The devices the API lists for `query` as the signed-in admin: every page's ids. */
async function devicesOf(page: Page, base: string, query: string): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('axe'))
  const ids: string[] = []
  for (let n = 1; ; n++) {
    const answer = await page.request.get(`${base}/api/devices/?${query}&per_page=100&page=${n}`, { headers: { Authorization: `Bearer ${token}` } })
    const rows = (await answer.json()) as { id: string }[]
    ids.push(...rows.map((row) => row.id))
    if (rows.length < 100) return ids.sort()
  }
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`filters devices by chips that survive a reload, exports what they show as CSV, and removes a chip (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()

    // Two statuses and a tag from the filter menu: any of the statuses, and the tag.
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const menu = page.getByRole('group', { name: 'Filter the list' })
    await menu.getByRole('checkbox', { name: 'Online' }).check()
    await page.waitForURL(/[?&]status=online/)
    await menu.getByRole('checkbox', { name: 'Offline' }).check()
    await page.waitForURL(/status=offline/)
    await menu.getByRole('textbox', { name: 'Tag' }).fill('camera')
    await menu.getByRole('form', { name: 'Tag' }).getByRole('button', { name: 'Add' }).click()
    await page.waitForURL(/[?&]tag=camera/)
    const chips = page.getByRole('list', { name: 'Filters in use' })
    const chipTexts = () => chips.getByRole('listitem').allInnerTexts()
    await chips.getByText('Tag: camera').waitFor()
    assert.equal((await chipTexts()).map((text) => text.trim()).slice(0, 3), ['Status: Online', 'Status: Offline', 'Tag: camera'])

    // The list shows only online or offline cameras.
    const expected = await devicesOf(page, BASE, 'filter[status]=online&filter[status]=offline&filter[tag]=camera')
    assert.ok(expected.length > 0, 'the seeded fleet has online or offline cameras')
    await page.getByText(`of ${expected.length}`).first().waitFor()
    for (const row of await page.locator('tbody tr').all()) assert.match(await row.innerText(), /camera/i)

    // A reload keeps them: they live in the address.
    await page.reload()
    await chips.getByText('Tag: camera').waitFor()
    assert.equal((await chipTexts()).map((text) => text.trim()).slice(0, 3), ['Status: Online', 'Status: Offline', 'Tag: camera'])

    // The export holds every matching device, all pages.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Export what the list shows' }).click()
        await page.getByRole('menuitem', { name: 'CSV' }).click()
      })(),
    ])
    assert.match(download.suggestedFilename(), /^devices-\d{4}-\d{2}-\d{2}\.csv$/)
    const records = parseCsv(readFileSync((await download.path())!, 'utf8'))
    assert.equal(records.map((record) => record.id).sort(), expected)
    for (const record of records) {
      assert.ok(['online', 'offline'].includes(record.status!), record.status)
      assert.ok(record.tags!.split('; ').includes('camera'), record.tags)
    }

    // Removing the tag's chip widens the list to every online or offline device.
    await page.getByRole('button', { name: 'Remove the filter Tag: camera' }).click()
    await page.waitForURL((url) => !url.search.includes('tag='))
    await chips.getByText('Tag: camera').waitFor({ state: 'detached' })
    const wider = await devicesOf(page, BASE, 'filter[status]=online&filter[status]=offline')
    await page.getByText(`of ${wider.length}`).first().waitFor()
    assert.ok(wider.length > expected.length)
    await context.close()
  })

  test(`chooses serial and firmware in a popover over the list, filters by location, and Esc closes the panels (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await registerAndSignIn(page, `Chooser ${flavour}`, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    for (const [i, location] of ['Dock 7', 'dock 7', 'Lobby'].entries()) {
      await callApi(page, BASE, 'POST', '/devices/', { name: `Col ${n} ${i}`, serial: `COL-${n}-${i}`, model: 'EG-1', location, tags: [] })
    }
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    const headers = () => page.getByRole('columnheader').allInnerTexts()
    assert.not.ok((await headers()).some((text) => /Serial|Firmware/.test(text)), 'the plain list leaves them out')

    // Filter, Columns, Views and Export are bordered like the toolbar's other buttons.
    for (const name of [/^Filter$/, /^Columns$/, /^View/, /^Export what the list shows$/]) {
      const width = await page.getByRole('button', { name }).first().evaluate((button) => getComputedStyle(button).borderTopWidth)
      assert.is(width, '1px', String(name))
    }

    // The chooser lies over the list: the table does not move when it opens.
    const top = async () => (await page.getByRole('table').boundingBox())!.y
    const before = await top()
    const columns = page.getByRole('button', { name: 'Columns', exact: true })
    await columns.click()
    const chooser = page.getByRole('group', { name: 'Columns to show' })
    await chooser.getByRole('checkbox', { name: 'Serial number' }).check()
    await page.waitForURL(/columns=[^&]*serial/)
    await chooser.getByRole('checkbox', { name: 'Firmware' }).check()
    await page.waitForURL(/columns=[^&]*firmware/)
    assert.is(await top(), before)
    assert.ok((await headers()).some((text) => text.includes('Serial number')))
    assert.ok((await headers()).some((text) => text.includes('Firmware')))
    await page.getByRole('cell', { name: `COL-${n}-0` }).waitFor()
    await page.keyboard.press('Escape')
    await chooser.waitFor({ state: 'detached' })
    assert.ok(await columns.evaluate((button) => button === document.activeElement), 'the focus is back on Columns')

    // A location typed in any case finds its devices; it lives in the address.
    const filter = page.getByRole('button', { name: 'Filter', exact: true })
    await filter.click()
    const menu = page.getByRole('group', { name: 'Filter the list' })
    await menu.getByRole('textbox', { name: 'Location' }).fill('DOCK 7')
    await menu.getByRole('form', { name: 'Location' }).getByRole('button', { name: 'Add' }).click()
    await page.waitForURL(/[?&]location=DOCK\+7/)
    await page.getByRole('list', { name: 'Filters in use' }).getByText('Location: DOCK 7').waitFor()
    await page.getByText('of 2').first().waitFor()
    assert.equal((await page.locator('tbody tr').allInnerTexts()).map((row) => /Col \S+ (\d)/.exec(row)?.[1]).sort(), ['0', '1'])
    await menu.getByRole('textbox', { name: 'Location' }).focus()
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    assert.ok(await filter.evaluate((button) => button === document.activeElement), 'the focus is back on Filter')
    await context.close()
  })
}

test.run()
