import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { APP_BASE, APP_ROUTES } from '../../src/app/route-table'
import { wcagViolations } from './axe'
import { BUILDS, callApi, closeBrowser, newContext, settle, signInAdmin } from './browser'

test.after(closeBrowser)

// Every real screen of the route table: the demo pages are the template's, not the console's.
const SCREENS = APP_ROUTES.filter((route) => !route.screen.startsWith('demo-')).map((route) => route.path)
const DETAILS: Record<string, string> = { '/devices/details': '/devices/', '/users/details': '/users/', '/roles/details': '/roles/', '/tunnels/details': '/tunnels/' }

/** The dialogs each screen opens, by the button that opens them. */
const DIALOGS: Record<string, string[]> = {
  '/devices': ['Add device'],
  '/devices/enrollment-keys': ['New enrollment key'],
  '/tunnels': ['New tunnel'],
  '/access_keys': ['New key'],
  '/app_ids': ['New app id'],
  '/alerts/rules': ['New rule'],
  '/alerts/webhooks': ['New webhook'],
  '/users': ['Invite user'],
  '/roles': ['New role'],
  '/billing': ['Change plan'],
  '/home': ['Settings', 'Show Guide'],
}

/** What axe finds in the page as it rests, one line a rule; `colours` asks only the rules that read colours. */
async function findings(page: Page, where: string, colours = false): Promise<string[]> {
  await settle(page)
  return (await wcagViolations(page, { colours })).map((violation) => `${where}: ${violation.id} (${violation.impact}: ${violation.help}) at ${violation.targets.slice(0, 5).join(', ')}`)
}

for (const { flavour, BASE } of BUILDS) {
  test(`axe finds no WCAG 2.2 A or AA violation on any real screen or its dialogs, light and dark (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 1366, height: 800 } })
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const ids: Record<string, string> = {}
    for (const [screen, collection] of Object.entries(DETAILS)) ids[screen] = ((await callApi(page, BASE, 'GET', `${collection}?per_page=5`)) as { id: string }[])[0]!.id
    const found: string[] = []
    // The dark palette changes the theme's colour variables and nothing else: the pages' structure,
    // names and sizes are the light pass's, so the dark pass asks only the rules that read colours.
    for (const mode of ['light', 'dark']) {
      const colours = mode === 'dark'
      await page.evaluate((type) => localStorage.setItem('console:preferences', JSON.stringify({ type })), mode)
      for (const path of SCREENS) {
        const where = `${path} ${mode}`
        await page.goto(`${BASE}${APP_BASE}${path}${ids[path] ? `?id=${encodeURIComponent(ids[path])}` : ''}`)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {})
        found.push(...(await findings(page, where, colours)))
        for (const opener of DIALOGS[path] ?? []) {
          await page.getByRole('button', { name: opener, exact: true }).first().click()
          const dialog = page.getByRole('dialog').last()
          await dialog.waitFor()
          found.push(...(await findings(page, `${where}, ${opener}`, colours)))
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'detached' }).catch(() => page.keyboard.press('Escape'))
        }
      }
      // The command palette, over home.
      await page.goto(`${BASE}${APP_BASE}/home`)
      await page.getByRole('button', { name: /command palette/ }).click()
      await page.getByRole('dialog').waitFor()
      found.push(...(await findings(page, `palette ${mode}`, colours)))
      await page.keyboard.press('Escape')
    }
    assert.equal(found, [])
    await context.close()
  })
}

test.run()
