import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, newContext, registerAndSignIn, settle, signInAdmin, signInWithRights } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? '' }

const paletteBox = (page: Page) => page.getByRole('combobox', { name: 'Go to a screen, find a record or run an action' })

/** Ctrl+K, then waits until the palette's box holds the focus (its dialog moves it there after the first paint). */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+K')
  await paletteBox(page).waitFor()
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Go to a screen, find a record or run an action')
  return paletteBox(page)
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`Ctrl+K, part of a device's name and Enter open that device's page (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await callApi(page, BASE, 'POST', '/devices/', { name: `Palette kiosk ${n}`, serial: `PAL-${n}`, model: 'Kiosk K2', location: 'Lab', tags: [] })
    await page.getByRole('heading', { level: 1 }).waitFor()

    // Nothing of the palette is on the page before the keys.
    assert.is(await page.getByRole('dialog').count(), 0)
    await openPalette(page)
    await page.keyboard.type(`kiosk ${n}`)
    const option = page.getByRole('option', { name: new RegExp(`Palette kiosk ${n}`) })
    await option.first().waitFor()
    assert.is(await option.first().getAttribute('aria-selected'), 'true', 'the device is marked: no screen matches')

    // The open palette passes axe.
    await settle(page)
    const violations = await seriousViolations(page)
    assert.equal(violations, [], JSON.stringify(violations, null, 2))

    await page.keyboard.press('Enter')
    await page.waitForURL(`${BASE}/app/devices/details?id=${device.id}`)
    await page.getByRole('heading', { name: `Palette kiosk ${n}`, exact: true }).waitFor()
    assert.is(await page.getByRole('dialog').count(), 0, 'the palette closed')
    await context.close()
  })

  test(`"new key" finds New access key, Add device opens its dialog, and a jump puts the focus on the new screen's heading (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.getByRole('heading', { level: 1 }).waitFor()

    // Words in any order, each the start of a word of the action.
    await openPalette(page)
    await page.keyboard.type('new key')
    await page.getByRole('option', { name: 'New access key' }).waitFor()
    await page.keyboard.press('Escape')
    await paletteBox(page).waitFor({ state: 'detached' })

    await openPalette(page)
    await page.keyboard.type('add dev')
    const add = page.getByRole('option', { name: 'Add device' })
    await add.waitFor()
    assert.is(await add.getAttribute('aria-selected'), 'true')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${BASE}/app/devices`)
    const dialog = page.getByRole('dialog', { name: 'Add a device' })
    await dialog.waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // A jump to a screen: the focus is on its heading, and its title is said.
    await openPalette(page)
    await page.keyboard.type('tunn')
    await page.getByRole('option', { name: 'Tunnels' }).waitFor()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${BASE}/app/tunnels`)
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Tunnels')
    assert.is(await page.locator('[aria-live="polite"][aria-atomic="true"]').filter({ hasText: 'Tunnels' }).count(), 1)
    await context.close()
  })

  test(`Esc closes the palette and gives the focus back (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const toggle = page.getByRole('button', { name: 'Toggle the menu' })
    await toggle.focus()
    await openPalette(page)
    await page.keyboard.type('tunn')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await paletteBox(page).waitFor({ state: 'detached' })
    assert.ok(await toggle.evaluate((element) => element === document.activeElement), 'the focus is back where it was')
    await context.close()
  })

  test(`a user without the devices right finds no device and no devices screen (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const { ownerToken } = await signInWithRights(page, `Palette Pat ${flavour}`, ['users'], BASE, DATA_DIRS[flavour])
    // A device of the user's organization, made by its owner.
    const n = `${flavour}-${Date.now().toString(36)}`
    await callApi(page, BASE, 'POST', '/devices/', { name: `Hidden gate ${n}`, serial: `HID-${n}`, model: 'Gate', location: 'Lab', tags: [] }, ownerToken)
    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname)
    })
    await openPalette(page)
    await page.keyboard.type(`gate ${n}`)
    // The users collection is searched; the devices one is not asked at all.
    await page.getByRole('status').filter({ hasText: 'Nothing matches' }).waitFor()
    assert.ok(asked.some((path) => path.endsWith('/users/')), asked.join())
    assert.not.ok(asked.some((path) => path.includes('/devices')), asked.join())
    assert.is(await page.getByRole('option', { name: new RegExp(`Hidden gate ${n}`) }).count(), 0)
    await paletteBox(page).fill('devic')
    await page.getByRole('status').filter({ hasText: 'Nothing matches' }).waitFor()
    assert.is(await page.getByRole('option', { name: 'Edge & Devices' }).count(), 0)
    await context.close()
  })
}

test.run()
