import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Locator, Page } from 'playwright-core'
import keysAr from '../../locales/access-keys/ar.json'
import consoleDe from '../../locales/console/de.json'
import consoleEn from '../../locales/console/en.json'
import { withDataDir } from '../fixtures/data-dir'
import { backdateAccessKey } from '../fixtures/keys'
import { BUILDS, callApi, closeBrowser, dialogClosed, newContext, registerAndSignIn, settle } from './browser'

test.after(closeBrowser)

const USER_MENU = consoleEn.header.userMenu.replace('{{name}}', 'Layout')
const EXPIRES_SOON_AR = keysAr.accessKeys.soon
const USER_CONTROL_DE = consoleDe.menu.userControl
const METRICS = { latency_ms: 14, bytes_in: 2048, bytes_out: 512, cpu: 12, memory: 40 }

/** How far the page runs past the window sideways, in px: 0 when it fits. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The parts of `locator`'s box that lie outside the window ('right', 'bottom'...); none when it is all in view. */
async function outside(page: Page, locator: Locator): Promise<string[]> {
  const box = await locator.boundingBox()
  const size = page.viewportSize()!
  if (!box) return ['not shown']
  const out: string[] = []
  if (box.x < -0.5) out.push('left')
  if (box.y < -0.5) out.push('top')
  if (box.x + box.width > size.width + 0.5) out.push('right')
  if (box.y + box.height > size.height + 0.5) out.push('bottom')
  return out
}

/** True when the element shows all its text: nothing cut off by an ellipsis or a clip. */
const whole = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)

/** The places where a line of `locator`'s text breaks between two letters or digits: a word cut in two without a hyphen. */
const midWordBreaks = (locator: Locator) =>
  locator.evaluate((element) => {
    const cuts: string[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      let top: number | undefined
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const at = range.getBoundingClientRect().top
        if (top !== undefined && at > top + 2 && /\w/.test(text[index - 1]!) && /\w/.test(text[index]!)) cuts.push(`${text.slice(0, index)}|${text.slice(index)}`)
        top = at
      }
    }
    return cuts
  })

/**
 * Makes a key look issued `days` ago, so its last days count as ending soon (a key just made does
 * not), through the server's own storage.
 */
async function issuedDaysAgo(flavour: string, id: string, days: number): Promise<void> {
  const dataDir = (flavour === 'react' ? process.env.E2E_DATA_DIR : process.env.E2E_PREACT_DATA_DIR) ?? ''
  await withDataDir(dataDir, (server) => backdateAccessKey(server, id, new Date(Date.now() - days * 86_400_000).toISOString()))
}

const setLocale = (page: Page, locale: string) =>
  page.evaluate((chosen) => localStorage.setItem('console:preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('console:preferences') ?? '{}'), locale: chosen })), locale)

for (const { flavour, BASE } of BUILDS) {
  const api = (page: Page, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  test(`the screens fit German at 1366 px and a phone at 390 px, Arabic badges whole, the landing page at 320 px (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 1366, height: 800 } })
    const page = await context.newPage()
    await registerAndSignIn(page, 'Layout', BASE)
    const n = Date.now().toString(36)
    const deviceName = `Warehouse-gateway-northeast-${n}`
    const ruleName = `Reports-an-error-${n}`
    const tunnelName = `Camera feed ${n}`
    const device = await api(page, 'POST', '/devices/', { name: deviceName, serial: `LAYOUT-${n}`, model: 'EdgeBox 300', location: 'Lab', tags: [] })
    await api(page, 'POST', '/tunnels/', { name: tunnelName, device_id: device.id, protocol: 'http', local_port: 8080, enabled: true })
    const key = await api(page, 'POST', '/access_keys/', { name: `Weekly ${n}`, scopes: ['devices'], expires_in_days: 7 })
    await issuedDaysAgo(flavour, key.id, 30)
    await api(page, 'POST', '/alert_rules/', { name: ruleName, target: 'all', condition: 'error', emails: ['noc@example.com'] })
    await api(page, 'POST', `/devices/${device.id}/heartbeat`, { status: 'error', ip: '192.0.2.60', firmware: '3.1.0', metrics: METRICS }, key.secret)

    // German at 1366 px: the keys' actions stay on screen, the menu names its groups whole.
    await setLocale(page, 'de')
    await page.goto(`${BASE}/app/access_keys`)
    const keyRow = page.getByRole('row').filter({ hasText: `Weekly ${n}` })
    await keyRow.waitFor()
    await settle(page)
    assert.equal(await outside(page, keyRow.getByRole('button', { name: `Weekly ${n} widerrufen` })), [], 'Revoke in German at 1366 px')
    assert.is(await overflow(page), 0, 'keys in German at 1366 px')
    assert.ok(await whole(page.getByText(USER_CONTROL_DE, { exact: true }).first()), `the sidebar shows “${USER_CONTROL_DE}” whole`)

    // Arabic: the badge of a key about to expire shows whole, at 1366 px and on a phone.
    await setLocale(page, 'ar')
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${BASE}/app/access_keys`)
      const badge = page.getByText(EXPIRES_SOON_AR).first()
      await badge.waitFor()
      await settle(page)
      assert.ok(await whole(badge), `“${EXPIRES_SOON_AR}” whole at ${width} px`)
      assert.is(await overflow(page), 0, `keys in Arabic at ${width} px`)
    }

    // A phone: each tunnel shows its endpoint and status, each alert its actions, in words cut only between words.
    await setLocale(page, 'en')
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(`${BASE}/app/tunnels`)
    const tunnelRow = page.getByRole('row').filter({ hasText: tunnelName })
    await tunnelRow.waitFor()
    await settle(page)
    for (const [index, cell] of (await tunnelRow.getByRole('cell').all()).entries()) {
      assert.equal((await outside(page, cell)).filter((side) => side === 'right' || side === 'left'), [], `tunnel cell ${index} on a phone`)
    }
    assert.is(await overflow(page), 0, 'tunnels on a phone')

    await page.goto(`${BASE}/app/alerts`)
    const alertRow = page.getByRole('table', { name: 'Firing now' }).getByRole('row').filter({ hasText: deviceName })
    await alertRow.waitFor({ timeout: 20_000 })
    await settle(page)
    for (const name of [`Acknowledge ${ruleName} on ${deviceName}`, `Mute ${ruleName} on ${deviceName}`]) {
      assert.equal((await outside(page, alertRow.getByRole('button', { name }))).filter((side) => side === 'right' || side === 'left'), [], `${name} on a phone`)
    }
    assert.equal(await midWordBreaks(alertRow), [], 'names break between words')
    assert.is(await overflow(page), 0, 'alerts on a phone')

    // The header keeps one row of controls, and a touch screen gets no keyboard hint.
    const toggle = page.getByRole('button', { name: 'Toggle the menu' })
    const avatar = page.locator('header').getByRole('button', { name: USER_MENU })
    const [toggleBox, avatarBox] = [await toggle.boundingBox(), await avatar.boundingBox()]
    assert.ok(toggleBox && avatarBox && Math.abs(toggleBox.y + toggleBox.height / 2 - (avatarBox.y + avatarBox.height / 2)) < 4, 'the avatar sits on the row of the menu toggle')
    assert.equal(await outside(page, avatar), [], 'the avatar on a phone')
    assert.not.ok(await page.getByText('Ctrl K', { exact: true }).isVisible(), 'no keyboard hint on a phone')

    // The landing page at 320 px: Sign In and the menu button on screen, nothing wider than the window.
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto(`${BASE}/landing`)
    // The landing page's banner animates for good: measure once it has drawn, without waiting for it to rest.
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor()
    assert.is(await overflow(page), 0, 'the landing page at 320 px')
    assert.equal(await outside(page, page.getByRole('link', { name: 'Sign In' }).first()), [], 'Sign In at 320 px')
    assert.equal(await outside(page, page.getByRole('banner').getByRole('button', { expanded: false }).first()), [], 'the menu button at 320 px')
    await context.close()
  })

  test(`a tall dialog keeps its actions in view at 1366x800: the role and the alert rule (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 1366, height: 800 } })
    const page = await context.newPage()
    await registerAndSignIn(page, 'Dialogs', BASE)
    await page.goto(`${BASE}/app/roles`)
    await page.getByRole('button', { name: 'New role' }).first().click()
    const role = page.getByRole('dialog', { name: 'New role' })
    await role.waitFor()
    await settle(page)
    assert.equal(await outside(page, role.getByRole('button', { name: 'Create role' })), [], 'the role dialog')
    await page.keyboard.press('Escape')
    await dialogClosed(page, role)
    await page.goto(`${BASE}/app/alerts/rules`)
    await page.getByRole('button', { name: 'New rule' }).first().click()
    const rule = page.getByRole('dialog', { name: 'New alert rule' })
    await rule.waitFor()
    await settle(page)
    assert.equal(await outside(page, rule.getByRole('button', { name: 'Create', exact: true })), [], 'the alert-rule dialog')
    await context.close()
  })

  test(`Shift+Tab never leaves the focus under the sticky header, at 683x400 and 320 px (${flavour})`, async () => {
    const context = await newContext({ viewport: { width: 683, height: 400 } })
    const page = await context.newPage()
    await registerAndSignIn(page, 'Focus', BASE)
    const hidden: string[] = []
    for (const size of [{ width: 683, height: 400 }, { width: 320, height: 640 }]) {
      await page.setViewportSize(size)
      await page.goto(`${BASE}/app/api`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await settle(page)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.locator('body').focus()
      for (let step = 0; step < 30; step++) {
        await page.keyboard.press('Shift+Tab')
        const seen = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null
          const header = document.querySelector('header')
          if (!focused || !header || header.contains(focused) || focused === document.body) return null
          const bar = header.getBoundingClientRect()
          const box = focused.getBoundingClientRect()
          const sticky = getComputedStyle(header).position === 'sticky' && bar.top <= 0
          // Hidden when the header, not the control, is what shows at the control's top (a skip link drawn over the header is seen).
          const top = document.elementFromPoint(box.left + box.width / 2, Math.max(box.top, 0) + 2)
          return sticky && box.top < bar.bottom - 1 && (!top || header.contains(top)) ? `${focused.tagName.toLowerCase()} “${(focused.textContent ?? '').trim().slice(0, 30)}” at ${Math.round(box.top)} under a header to ${Math.round(bar.bottom)}` : null
        })
        if (seen) hidden.push(`${size.width}x${size.height}: ${seen}`)
      }
    }
    assert.equal(hidden, [])
    await context.close()
  })
}

test.run()
