// Kiosks do not all run Chromium: the main screens in Firefox ESR, driven through WebDriver BiDi,
// on both builds, with no console error, uncaught error or policy violation allowed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADMIN, BASE, PREACT_BASE } from './browser'

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Each screen and the heading that says it has drawn; every one opened as a fresh page load. */
const SCREENS: Array<[path: string, heading: string]> = [
  ['/app', 'Home'],
  ['/app/devices', 'Edge And Connected Devices'],
  ['/app/users', 'Users'],
  ['/app/alerts', 'Alerts'],
  ['/app/network', 'Network'],
  ['/app/billing', 'Billing'],
]

let browser: Browser | undefined
let profile = ''

/** Every console error, uncaught error and Content-Security-Policy violation `page` reports. */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = []
  page.on('pageerror', (error) => seen.push(`${page.url()}: uncaught ${error instanceof Error ? error.message : String(error)}`))
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`${page.url()}: console error: ${message.text()}`)
  })
  await page.evaluateOnNewDocument(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`)),
  )
  return seen
}

const drawn = (page: Page, heading: string) =>
  page.waitForFunction((text) => [...document.querySelectorAll('h1')].some((element) => element.textContent?.trim() === text), { timeout: 15_000 }, heading)

test.before(async () => {
  if (!existsSync(FIREFOX)) return
  profile = mkdtempSync(join(tmpdir(), 'console-firefox-'))
  browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, userDataDir: profile })
})

test.after(async () => {
  await browser?.close()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

for (const [flavour, base] of [['react', BASE], ['preact', PREACT_BASE]] as const) {
  test(`signs in and draws home, devices, a device, users, alerts, network and billing (${flavour})`, async () => {
    if (!browser) {
      if (process.env.CI === 'true') assert.unreachable(`no Firefox at ${FIREFOX} (install Debian's firefox-esr or set FIREFOX_PATH)`)
      console.log(`  Firefox smoke skipped: no Firefox at ${FIREFOX}`)
      return
    }
    // A context of its own: the first visit, so the guide opens too, as it does for a new operator.
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const seen = await watch(page)
    await page.setViewport({ width: 1280, height: 800 })
    await page.goto(`${base}/login`)
    await page.waitForSelector('input[type=email]')
    await page.type('input[type=email]', ADMIN.email)
    await page.type('input[type=password]', ADMIN.password)
    await page.click('button[type=submit]')
    await page.waitForFunction(() => location.pathname === '/app')
    // Each load is cut off by the next, with the guide's and the later parts' code still arriving.
    for (const [path, heading] of SCREENS) {
      await page.goto(`${base}${path}`)
      await drawn(page, heading)
    }
    await page.goto(`${base}/app/devices`)
    await drawn(page, 'Edge And Connected Devices')
    const device = await page.waitForSelector('main a[href^="/app/devices/"]:not([href="/app/devices/enrollment-keys"])')
    await device!.click()
    await page.waitForFunction(() => /^\/app\/devices\/[^/]+$/.test(location.pathname))
    await drawn(page, 'Details')
    // What arrives after the last screen has drawn has its chance to fail too.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)))
    await context.close()
    assert.equal(seen, [], 'Firefox reported no error')
  })
}

test.run()
