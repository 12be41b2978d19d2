import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn, settle, signInAdmin } from './browser'

test.after(closeBrowser)

/** The names of the devices the API lists for `query` (every filter as `filter[...]`), all pages. */
async function deviceNames(page: Page, base: string, query: string): Promise<string[]> {
  const rows = (await callApi(page, base, 'GET', `/devices/?${query}&per_page=100`)) as { name: string }[]
  return rows.map((row) => row.name).sort()
}

/**
 * Holds back the console's reads of one bulk job (`GET /api/bulk/{id}`) until `release()`, so
 * the progress it shows while the job runs stays on screen long enough to be read.
 */
async function holdJobReads(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => /\/api\/bulk\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/preview'),
    async (route) => {
      if (route.request().method() === 'GET') await released
      await route.continue()
    },
  )
  return release
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`filters devices by two chips, selects all matching, tags them with progress and outcome, and undoes it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    // An organization of its own: the free plan's ten devices are all this test's.
    await registerAndSignIn(page, `Bulk ${flavour}`, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const tag = `bulk-${n}`
    const model = `Bulk M ${n}`
    const added = `lobby-${n}`
    // Eight devices match both chips (more than a page of five); two match one chip only.
    for (let i = 0; i < 10; i++) {
      const both = i < 8
      await callApi(page, BASE, 'POST', '/devices/', {
        name: `Bulk ${n} ${String(i).padStart(2, '0')}`,
        serial: `BULK-${n}-${i}`,
        model: both || i === 8 ? model : 'Other',
        location: '',
        tags: both || i === 9 ? [tag] : [],
      })
    }

    await page.goto(`${BASE}/app/devices?per_page=5`)
    await page.getByRole('table').waitFor()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const menu = page.getByRole('group', { name: 'Filter the list' })
    await menu.getByRole('textbox', { name: 'Tag' }).fill(tag)
    await menu.getByRole('form', { name: 'Tag' }).getByRole('button', { name: 'Add' }).click()
    await page.waitForURL(/[?&]tag=/)
    await menu.getByRole('textbox', { name: 'Model' }).fill(model)
    await menu.getByRole('form', { name: 'Model' }).getByRole('button', { name: 'Add' }).click()
    await page.waitForURL(/[?&]model=/)
    const chips = page.getByRole('list', { name: 'Filters in use' })
    await chips.getByText(`Tag: ${tag}`).waitFor()
    await chips.getByText(`Model: ${model}`).waitFor()
    await page.getByText('of 8').first().waitFor()

    // The page's box ticks its five rows; the bar offers all eight the filter matches.
    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('5 selected').waitFor()
    assert.ok(await page.getByRole('checkbox', { name: `Select Bulk ${n} 00` }).isChecked())
    await bar.getByRole('button', { name: 'Select all 8 matching this filter' }).click()
    await bar.getByText('8 selected').waitFor()
    await bar.getByText('All 8 records matching this filter are selected.').waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'the list with its bulk bar has no serious accessibility violations')

    // The tag is checked as the device form checks one; what was typed stays.
    await bar.getByRole('button', { name: 'Add a tag' }).click()
    const ask = page.getByRole('dialog', { name: 'Add a tag' })
    await ask.getByLabel('Tag').fill('#lobby')
    await ask.getByRole('button', { name: 'Preview' }).click()
    await ask.getByText('Letters, digits, spaces, dots and dashes only').waitFor()
    assert.is(await ask.getByLabel('Tag').inputValue(), '#lobby')
    await ask.getByLabel('Tag').fill(added)
    await ask.getByRole('button', { name: 'Preview' }).click()

    // The preview counts what the server froze and names the action on its button.
    const preview = page.getByRole('dialog', { name: 'Add a tag' })
    await preview.getByText('This changes 8 devices.').waitFor()
    await preview.getByText(`Tag: ${added}`).waitFor()
    const release = await holdJobReads(page)
    await preview.getByRole('button', { name: 'Tag 8 devices' }).click()
    await preview.waitFor({ state: 'detached' })

    // While it runs (its final read held back), a progress bar counts out of eight.
    const progress = page.getByRole('progressbar', { name: 'Add a tag' })
    await progress.waitFor()
    assert.match((await progress.getAttribute('aria-valuetext')) ?? '', /^\d+ of 8$/)
    assert.is(await progress.getAttribute('aria-valuemax'), '8')
    // And says it in words, politely.
    await page.locator('[aria-live="polite"]').filter({ hasText: /^Processed \d+ of 8$/ }).waitFor({ state: 'attached' })
    release()
    await page.getByText('Tagged 8 devices', { exact: true }).waitFor()
    assert.equal(await deviceNames(page, BASE, `filter[tag]=${encodeURIComponent(added)}`), Array.from({ length: 8 }, (_, i) => `Bulk ${n} ${String(i).padStart(2, '0')}`))
    // The list reads its rows again: the new tag shows on them, and the selection is gone.
    await page.getByRole('row', { name: new RegExp(`Bulk ${n} 00`) }).getByText(added).waitFor()
    assert.is(await bar.count(), 0)

    // Undo stays offered until dismissed (no countdown), and puts every tag back as it was.
    const undo = page.getByRole('button', { name: 'Undo', exact: true })
    await undo.focus()
    await page.keyboard.press('Enter')
    await page.getByText('Undone: 8 devices put back.').waitFor()
    // The Undo gone, the keyboard stays with the job's panel, not the page's start.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Add a tag')
    assert.equal(await deviceNames(page, BASE, `filter[tag]=${encodeURIComponent(added)}`), [])
    await page.getByRole('row', { name: new RegExp(`Bulk ${n} 00`) }).getByText(added).waitFor({ state: 'detached' })
    assert.is(await page.getByRole('button', { name: /^Undo/ }).count(), 0)
    // Dismissed, the outcome leaves the keyboard on the list's box for the page.
    await page.getByRole('button', { name: 'Dismiss' }).click()
    assert.ok(await page.getByRole('checkbox', { name: 'Select every row on this page' }).evaluate((box) => box === document.activeElement))
    await context.close()
  })

  test(`disables a device from its page, two more in bulk, and enables all three from the Enabled filter (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await registerAndSignIn(page, `Disable ${flavour}`, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const made = (await callApi(page, BASE, 'POST', '/devices/', { name: `Dark ${n} ${i}`, serial: `DARK-${n}-${i}`, model: 'EG-1', location: '', tags: [] })) as { id: string }
      ids.push(made.id)
    }
    const enabledOf = async () => ((await callApi(page, BASE, 'GET', `/devices/?q=${encodeURIComponent(`Dark ${n}`)}&sort=name`)) as { enabled: boolean }[]).map((device) => device.enabled)

    // One from its page: asked first, then said on the page.
    await page.goto(`${BASE}/app/devices/details?id=${encodeURIComponent(ids[0]!)}`)
    await page.getByRole('heading', { name: `Dark ${n} 0` }).waitFor()
    await page.getByRole('button', { name: 'Disable', exact: true }).click()
    const ask = page.getByRole('dialog', { name: `Disable Dark ${n} 0?` })
    await ask.getByText('Its heartbeats are refused').waitFor()
    await ask.getByRole('button', { name: 'Disable', exact: true }).click()
    await page.getByText('Device disabled', { exact: true }).waitFor()
    await page.getByText('This device is disabled: its heartbeats are refused').waitFor()
    await page.getByRole('button', { name: 'Enable', exact: true }).waitFor()
    assert.equal(await enabledOf(), [false, true, true])

    // Two more in bulk, from the list, where the first already says it is disabled.
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('row', { name: new RegExp(`Dark ${n} 0`) }).getByText('Disabled', { exact: true }).waitFor()
    await page.getByRole('checkbox', { name: `Select Dark ${n} 1` }).check()
    await page.getByRole('checkbox', { name: `Select Dark ${n} 2` }).check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('2 selected').waitFor()
    await bar.getByRole('button', { name: 'Disable', exact: true }).click()
    const preview = page.getByRole('dialog', { name: 'Disable' })
    await preview.getByText('This changes 2 devices.').waitFor()
    await preview.getByRole('button', { name: 'Disable 2 devices' }).click()
    await page.getByText('Disabled 2 devices', { exact: true }).waitFor()
    assert.equal(await enabledOf(), [false, false, false])

    // The Enabled filter, from the address, finds the three; all of them enabled at once.
    await page.goto(`${BASE}/app/devices?enabled=false`)
    await page.getByRole('list', { name: 'Filters in use' }).getByText('Enabled: No').waitFor()
    await page.getByText('of 3').first().waitFor()
    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check()
    await bar.getByRole('button', { name: 'Enable', exact: true }).click()
    await page.getByRole('dialog', { name: 'Enable' }).getByRole('button', { name: 'Enable 3 devices' }).click()
    await page.getByText('Enabled 3 devices', { exact: true }).waitFor()
    assert.equal(await enabledOf(), [true, true, true])
    await context.close()
  })

  test(`revokes access keys picked by hand, and the audit trail lists the job's records beneath its entry (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    for (const name of ['a', 'b', 'c']) {
      await callApi(page, BASE, 'POST', '/access_keys/', { name: `Bulk key ${n} ${name}`, scopes: ['devices'], expires_in_days: 7 })
    }
    await page.goto(`${BASE}/app/access_keys`)
    await page.getByRole('table').waitFor()
    await page.getByRole('searchbox').fill(`Bulk key ${n}`)
    await page.getByText('of 3').first().waitFor()

    // Two boxes ticked from the keyboard: Tab to the box, Space to tick it.
    await page.getByRole('checkbox', { name: `Select Bulk key ${n} a` }).focus()
    await page.keyboard.press('Space')
    await page.getByRole('checkbox', { name: `Select Bulk key ${n} b` }).focus()
    await page.keyboard.press('Space')
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await bar.getByText('2 selected').waitFor()
    await bar.getByRole('button', { name: 'Revoke', exact: true }).click()

    const preview = page.getByRole('dialog', { name: 'Revoke' })
    await preview.getByText('This changes 2 access keys.').waitFor()
    // Cancel has the focus, as before any revoke.
    assert.is(await preview.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement), true)
    await preview.getByRole('button', { name: 'Revoke 2 access keys' }).click()
    await page.getByText('Revoked 2 access keys', { exact: true }).waitFor()
    const revoked = (await callApi(page, BASE, 'GET', `/access_keys/?q=${encodeURIComponent(`Bulk key ${n}`)}&filter[revoked]=true`)) as { name: string }[]
    assert.equal(revoked.map((key) => key.name).sort(), [`Bulk key ${n} a`, `Bulk key ${n} b`])

    // The trail's entry for the job names the count, and lists its records on demand.
    await page.goto(`${BASE}/app/audit`)
    const entry = page.locator('li[data-action="bulk_revoke"]').filter({ hasText: '2 access keys' }).first()
    await entry.waitFor()
    await entry.getByText('revoked in bulk').waitFor()
    await entry.getByRole('button', { name: 'Show the records' }).click()
    const records = entry.getByRole('table', { name: 'The records of this bulk action' })
    await records.waitFor()
    const rows = await records.locator('tbody tr').allInnerTexts()
    assert.equal(rows.map((row) => row.replace(/\s+/g, ' ').trim()).sort(), [`Bulk key ${n} a Changed`, `Bulk key ${n} b Changed`])
    await entry.getByRole('button', { name: 'Hide the records' }).click()
    await records.waitFor({ state: 'detached' })
    await context.close()
  })
}

test.run()
