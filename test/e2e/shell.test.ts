import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { ADMIN, BUILDS, closeBrowser, failedLoad, newContext, registerAndSignIn, signIn, signInWithRights } from './browser'

test.after(closeBrowser)

const html = (page: Page, attribute: string) => page.evaluate((name) => document.documentElement.getAttribute(name), attribute)
// From locales/devices/de.json and locales/tunnels/de.json.
const DEVICES_SEARCH_DE = "Geräte durchsuchen"
const TUNNELS_SEARCH_DE = "Tunnel suchen"
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })

/** The stylesheets `page` asks for from now on, by name without their hash (`settings-drawer`). */
function recordSheets(page: Page): string[] {
  const sheets: string[] = []
  page.on('request', (request) => {
    const name = /^\/assets\/([a-z-]+)-[A-Z0-9]+\.css$/.exec(new URL(request.url()).pathname)?.[1]
    if (name) sheets.push(name)
  })
  return sheets
}

// The shell on both builds: every test runs against the React and the Preact console.
for (const { flavour, BASE, dataDir } of BUILDS) {
  async function signInAdmin(page: Page) {
    await page.goto(`${BASE}/login`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForURL(`${BASE}/app`)
    await mainMenu(page).first().waitFor()
  }

  async function openSettings(page: Page) {
    await page.getByRole('button', { name: 'Settings' }).click()
    const drawer = page.getByRole('dialog', { name: 'Settings' })
    await drawer.waitFor()
    return drawer
  }

  test(`renders each layout and navigates with it (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    for (const layout of ['Sidebar', 'Big sidebar', 'Top navigation', 'Mega menu']) {
      const settings = await openSettings(page)
      await settings.getByRole('radio', { name: layout, exact: true }).check()
      await page.keyboard.press('Escape')
      await settings.waitFor({ state: 'hidden' })
      await page.goto(`${BASE}/app/home`)
      const menu = mainMenu(page).first()
      await menu.getByRole('button', { name: 'User Control' }).click()
      await page.getByRole('link', { name: 'Users', exact: true }).first().click()
      await page.waitForURL(`${BASE}/app/users`)
      assert.is(await page.getByRole('heading', { level: 1 }).first().textContent(), 'Users', layout)
    }
    await context.close()
  })

  test(`the settings drawer and a chosen layout bring their own stylesheets and draw styled from their first frame (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const sheets = recordSheets(page)
    // The width of the main menu when it enters the page, before it is painted (the rail: 96 px in its sheet).
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const rail = document.querySelector('nav[aria-label="Main menu"]')
        if (!rail) return
        localStorage.setItem('e2e:rail-width', String(rail.getBoundingClientRect().width))
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await signInAdmin(page)
    assert.equal(sheets.filter((name) => ['settings-drawer', 'big-sidebar'].includes(name)), [], sheets.join(', '))
    const settings = await openSettings(page)
    assert.ok(sheets.includes('settings-drawer'), 'the drawer brought its sheet')
    // The theme colours are tiles, three to a row: the choice groups' styles are in.
    const tiles = settings.getByRole('radio', { name: 'Red' }).locator('xpath=../..')
    assert.is(await tiles.evaluate((element) => getComputedStyle(element).display), 'grid')
    await settings.getByRole('radio', { name: 'Big sidebar', exact: true }).check()
    await page.keyboard.press('Escape')
    await settings.waitFor({ state: 'hidden' })
    await mainMenu(page).first().waitFor()
    assert.ok(sheets.includes('big-sidebar'), 'the layout brought its sheet')
    // Opened first in that layout, the rail draws a moment after the shell, styled at once.
    await page.evaluate(() => localStorage.removeItem('e2e:rail-width'))
    await page.goto(`${BASE}/app/users`)
    await mainMenu(page).first().waitFor()
    assert.is(await page.evaluate(() => localStorage.getItem('e2e:rail-width')), '96')
    await context.close()
  })

  test(`Show Code loads the screen's sources with their stylesheet on the first open (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const sheets = recordSheets(page)
    await signInAdmin(page)
    assert.not.ok(sheets.includes('code-panel-body'), sheets.join(', '))
    await page.getByRole('button', { name: 'Show Code' }).click()
    const file = page.getByRole('figure').filter({ hasText: 'src/features/home/home-screen.tsx' })
    await file.waitFor()
    assert.ok(sheets.includes('code-panel-body'), 'the sources brought their sheet')
    const background = () => file.evaluate((element) => getComputedStyle(element).backgroundColor)
    // The code themes' own backgrounds (code-panel-body.module.css), light with the console's light mode.
    assert.is(await background(), 'rgb(246, 248, 250)')
    await page.getByRole('button', { name: 'Dark code theme' }).click()
    assert.is(await background(), 'rgb(13, 17, 23)')
    await page.getByRole('button', { name: 'Hide Code' }).click()
    await file.waitFor({ state: 'hidden' })
    await context.close()
  })

  test(`turns the page right to left in Arabic and back (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    await page.getByRole('button', { name: /^Language/ }).click()
    await page.getByRole('menuitemradio', { name: 'العربية' }).click()
    await page.waitForFunction(() => document.documentElement.dir === 'rtl')
    assert.is(await html(page, 'lang'), 'ar')
    await page.getByRole('button', { name: /^اللغة|Language/ }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await page.waitForFunction(() => document.documentElement.dir === 'ltr')
    await context.close()
  })

  test(`a screen's own texts arrive in the chosen language, opened first and reached later (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    await page.getByRole('button', { name: /^Language/ }).click()
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click()
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    // Opened first: the page loads the devices screen and its German texts.
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('searchbox', { name: DEVICES_SEARCH_DE }).waitFor()
    // Reached later, in the running console: the tunnels screen's German texts load with its code.
    await page.evaluate(() => {
      history.pushState(null, '', '/app/tunnels')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('searchbox', { name: TUNNELS_SEARCH_DE }).waitFor()
    await context.close()
  })

  test(`applies dark mode and a palette, and keeps them after a reload and a sign-out (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
    const greyPrimary = await primary()
    await page.getByRole('button', { name: 'Turn Dark' }).click()
    assert.is(await html(page, 'data-mode'), 'dark')
    await page.getByRole('button', { name: 'Turn Light' }).waitFor()
    const settings = await openSettings(page)
    await settings.getByRole('radio', { name: 'Red' }).check()
    await page.waitForFunction((grey) => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() !== grey, greyPrimary)
    assert.is(await html(page, 'data-theme'), 'red')
    await page.keyboard.press('Escape')
    await page.reload()
    await mainMenu(page).first().waitFor()
    assert.equal([await html(page, 'data-theme'), await html(page, 'data-mode')], ['red', 'dark'])
    await page.getByRole('button', { name: 'Sign out' }).first().click()
    await page.waitForURL(`${BASE}/`)
    assert.equal([await html(page, 'data-theme'), await html(page, 'data-mode')], ['red', 'dark'])
    assert.not.equal(await primary(), greyPrimary)
    await context.close()
  })

  test(`a browser set to dark opens the console dark from its first paint, and follows the system live (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.emulateMedia({ colorScheme: 'dark' })
    // The mode as the page's first script left it, before the console's code runs.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => sessionStorage.setItem('e2e:first-mode', document.documentElement.dataset.mode ?? '')))
    await signInAdmin(page)
    assert.is(await page.evaluate(() => sessionStorage.getItem('e2e:first-mode')), 'dark')
    assert.is(await html(page, 'data-mode'), 'dark')
    const settings = await openSettings(page)
    assert.ok(await settings.getByRole('radio', { name: 'Follow the system' }).isChecked())
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForFunction(() => document.documentElement.dataset.mode === 'light')
    // Chosen by hand, dark stays whatever the system says.
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check()
    await page.waitForFunction(() => document.documentElement.dataset.mode === 'dark')
    await page.reload()
    await mainMenu(page).first().waitFor()
    assert.is(await html(page, 'data-mode'), 'dark')
    await context.close()
  })

  test(`goes to a screen from the header search with Enter (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const search = page.getByRole('combobox', { name: 'Search the menu' })
    await search.fill('traf')
    await page.getByRole('option', { name: 'Traffic' }).waitFor()
    await search.press('Enter')
    await page.waitForURL(`${BASE}/app/traffic`)
    await context.close()
  })

  test(`hides Inventory from a user without the devices rights and sends them to /app (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInWithRights(page, 'Limited Lou', ['users', 'roles'], BASE, dataDir)
    await mainMenu(page).first().getByRole('button', { name: 'User Control' }).waitFor()
    assert.is(await mainMenu(page).first().getByText('Inventory').count(), 0)
    await page.goto(`${BASE}/app/devices`)
    await page.waitForURL(`${BASE}/app`)
    await context.close()
  })

  test(`shows the guide on the first visit and steps through it (${flavour})`, async () => {
    const context = await newContext({ guide: true })
    const page = await context.newPage()
    await page.goto(`${BASE}/login`)
    await signIn(page, ADMIN.email, ADMIN.password)
    const guide = page.getByRole('dialog')
    await guide.waitFor()
    assert.ok(await guide.getByRole('button', { name: 'Back' }).isDisabled())
    for (let step = 0; step < 4; step++) await guide.getByRole('button', { name: 'Next' }).click()
    await guide.getByRole('button', { name: 'Done' }).click()
    await guide.waitFor({ state: 'hidden' })
    // Opened by itself, the guide leaves the keyboard on the screen's heading, not the page's start.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    await page.reload()
    await mainMenu(page).first().waitFor()
    assert.is(await page.getByRole('dialog').count(), 0)
    await context.close()
  })

  test(`turns the navigation into a drawer on a phone: the toggle opens it, Esc and a choice close it (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 390, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${BASE}/login`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForURL(`${BASE}/app`)
    const toggle = page.getByRole('button', { name: 'Toggle the menu' })
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    // The toggle arrives with the page and answers once the shell's code has run: on a loaded
    // machine a first click may come before it, and is made again.
    for (let tries = 1; ; tries++) {
      await toggle.click()
      const opened = await drawer.waitFor({ timeout: 3000 }).then(() => true, () => false)
      if (opened) break
      if (tries === 5) await drawer.waitFor({ timeout: 1 })
    }
    assert.is(await toggle.getAttribute('aria-expanded'), 'true')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    await toggle.click()
    await drawer.getByRole('button', { name: 'Dashboards' }).click()
    await drawer.getByRole('link', { name: 'Network' }).click()
    await page.waitForURL(`${BASE}/app/network`)
    await drawer.waitFor({ state: 'hidden' })
    await context.close()
  })

  test(`has no serious accessibility violations on sign-in, home and the settings drawer, light and dark (${flavour})`, async () => {
    // A sign-out's revocation cut short by the page leaving is sent again at the next start; the
    // server, which ended that session already, answers 401, which counts as done.
    const context = await newContext({ expectedErrors: [failedLoad(401, '/api/logout')] })
    const page = await context.newPage()
    const found: string[] = []
    const check = async (where: string) => {
      // The page fades in over 700 ms; contrast is measured once it stands still.
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
      for (const violation of await seriousViolations(page)) found.push(`${where}: ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`)
    }
    for (const mode of ['light', 'dark']) {
      await page.goto(`${BASE}/login`)
      await page.evaluate((type) => localStorage.setItem('console:preferences', JSON.stringify({ type })), mode)
      await page.reload()
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
      await check(`sign-in ${mode}`)
      await signIn(page, ADMIN.email, ADMIN.password)
      await page.waitForURL(`${BASE}/app`)
      await mainMenu(page).first().waitFor()
      await check(`home ${mode}`)
      const settings = await openSettings(page)
      await check(`settings ${mode}`)
      await page.keyboard.press('Escape')
      await settings.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Sign out' }).first().click()
      await page.waitForURL(`${BASE}/`)
    }
    assert.equal(found, [])
    await context.close()
  })
}

test.run()
