import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { SCREEN_BUILDS, callApi, closeBrowser, failedLoad, inviteMember, newContext, signIn, signInAdmin } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? '' }
const PASSWORD = 'views-Password-1'

/** The list's column headers as they read, without the one of the boxes that select rows. */
const headers = async (page: Page) =>
  (await page.getByRole('columnheader').filter({ hasNot: page.getByRole('checkbox') }).allInnerTexts()).map((text) => text.replace(/[▲▼]/g, '').trim())

/** Saves what the devices list shows as a view named `name`, shared or not, pinned in the menu. */
async function saveView(page: Page, name: string, shared: boolean) {
  await page.getByRole('main').getByRole('button', { name: /^(Views|View: .*)$/ }).click()
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save a view' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  if (shared) await dialog.getByRole('checkbox', { name: /Share with the organization/ }).check()
  assert.ok(await dialog.getByRole('checkbox', { name: 'Pin in the menu' }).isChecked(), 'a new view is pinned unless unticked')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('main').getByRole('button', { name: `View: ${name}` }).waitFor()
}

/** Opens the menu's Views group (when closed) and the pinned view named `name`. */
async function openFromMenu(page: Page, name: string) {
  const group = page.getByRole('navigation').getByRole('button', { name: 'Views', exact: true })
  await group.waitFor()
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click()
  await page.getByRole('navigation').getByRole('link', { name }).click()
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`saves a view of filtered devices with fewer columns, opens it from the menu after a reload, and shares only what is shared (${flavour})`, async () => {
    const stamp = Date.now().toString(36)
    const mine = `Offline mine ${flavour} ${stamp}`
    const team = `Offline team ${flavour} ${stamp}`
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/devices?status=offline`)
    await page.getByRole('table').waitFor()
    const chips = page.getByRole('list', { name: 'Filters in use' })
    await chips.getByText('Status: Offline').waitFor()

    // Fewer columns from the chooser, kept in the address.
    await page.getByRole('button', { name: 'Columns', exact: true }).click()
    const chooser = page.getByRole('group', { name: 'Columns to show' })
    for (const label of ['Model', 'Location', 'IP address']) {
      await chooser.getByRole('checkbox', { name: label }).uncheck()
      await page.waitForURL(/[?&]columns=/)
    }
    await page.waitForURL((url) => url.searchParams.get('columns') === 'name,status,last_seen,tags')
    assert.equal(await headers(page), ['Name', 'Status', 'Last seen', 'Tags'])

    await saveView(page, mine, false)
    assert.match(page.url(), /[?&]view=[^&]+/)
    await saveView(page, team, true)

    // Elsewhere, then a reload: the pinned views come with the menu, and one opens the list as saved.
    await page.goto(`${BASE}/app/home`)
    await page.reload()
    await openFromMenu(page, mine)
    await page.waitForURL((url) => url.pathname === '/app/devices' && url.searchParams.get('columns') === 'name,status,last_seen,tags')
    await chips.getByText('Status: Offline').waitFor()
    await page.getByRole('main').getByRole('button', { name: `View: ${mine}` }).waitFor()
    assert.equal(await headers(page), ['Name', 'Status', 'Last seen', 'Tags'])
    const mineId = new URL(page.url()).searchParams.get('view')!
    const mineLink = `${BASE}/app/devices?view=${mineId}`

    // A second member of the organization sees the shared view, in the menu and the list's header, and not the personal one.
    const otherContext = await newContext({ expectedErrors: [failedLoad(404, `/api/views/${mineId}`)] })
    const other = await otherContext.newPage()
    const role = (await callApi(page, BASE, 'POST', '/roles/', { name: `Fleet watch ${flavour} ${stamp}`, description: '', rights: ['devices'] })) as { id: string }
    const member = await inviteMember(page, BASE, DATA_DIRS[flavour]!, { roles: [role.id], name: `Views member ${flavour}`, password: PASSWORD })
    await other.goto(`${BASE}/login?next=/app/devices`)
    await signIn(other, member.email, PASSWORD)
    await other.waitForURL(`${BASE}/app/devices`)
    await other.getByRole('table').waitFor()
    await openFromMenu(other, team)
    await other.waitForURL((url) => url.searchParams.get('columns') === 'name,status,last_seen,tags')
    await other.getByRole('list', { name: 'Filters in use' }).getByText('Status: Offline').waitFor()
    assert.equal(await headers(other), ['Name', 'Status', 'Last seen', 'Tags'])
    assert.is(await other.getByRole('navigation').getByRole('link', { name: mine }).count(), 0, 'no personal view of another in the menu')
    await other.getByRole('main').getByRole('button', { name: `View: ${team}` }).click()
    assert.is(await other.getByRole('menuitemradio', { name: new RegExp(mine) }).count(), 0, "nor in the list's views")
    assert.is(await other.getByRole('menuitem', { name: /^Update / }).count(), 0, 'only its owner updates a shared view')
    await other.keyboard.press('Escape')

    // A link to another's personal view says so and shows the whole list.
    await other.goto(mineLink)
    await other.getByText('This view was deleted or is not shared with you', { exact: false }).waitFor()
    await other.waitForURL((url) => !url.searchParams.has('view'))
    assert.equal(await headers(other), ['Name', 'Status', 'Model', 'Location', 'IP address', 'Last seen', 'Tags'])
    await otherContext.close()
    await context.close()
  })
}

test.run()
