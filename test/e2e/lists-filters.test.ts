import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

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

for (const { flavour, BASE } of BUILDS) {
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
}

test.run()
