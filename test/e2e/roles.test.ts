import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { BUILDS, callApi, closeBrowser, newContext, settle, signIn, signInAdmin, uniqueEmail } from './browser'

test.after(closeBrowser)

const PASSWORD = 'roles-Password-1'

/** Writes the server's database file of a flavour, as a fixture no screen offers would. */
async function writeDb(flavour: string, run: (db: import('better-sqlite3').Database) => void) {
  const { default: Database } = await import('better-sqlite3')
  const dir = (flavour === 'react' ? process.env.E2E_DATA_DIR : process.env.E2E_PREACT_DATA_DIR) ?? ''
  const db = new Database(join(dir, 'console.db'))
  try {
    run(db)
  } finally {
    db.close()
  }
}

/** Registers an account over the API; it has an organization of its own. */
async function register(page: Page, base: string, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'))
  const answer = await page.request.post(`${base}/api/register/`, { data: { name, email, password: PASSWORD } })
  if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}`)
  const { user } = (await answer.json()) as { user: { id: string; auth_key: string; organization: { id: string } } }
  return { email, id: user.id, token: user.auth_key, organizationId: user.organization.id }
}

/** Makes `userId` an active member of `organizationId`, holding `roleId`, and works there. */
const joinOrganization = (flavour: string, userId: string, organizationId: string, roleId: string) =>
  writeDb(flavour, (db) => {
    const at = new Date().toISOString()
    db.prepare(`UPDATE members SET current = 0 WHERE user_id = ?`).run(userId)
    db.prepare(`INSERT INTO members (id, organization_id, user_id, status, current, created_at, updated_at, version) VALUES (?, ?, ?, 'active', 1, ?, ?, 1)`).run(
      randomUUID(),
      organizationId,
      userId,
      at,
      at,
    )
    db.prepare(`INSERT INTO memberships (id, user_id, organization_id, role_id, current, created_at) VALUES (?, ?, ?, ?, 1, ?)`).run(randomUUID(), userId, organizationId, roleId, at)
  })

/** The main menu's entry for devices. */
const devicesEntry = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Edge & Devices', exact: true })

for (const { flavour, BASE } of BUILDS) {
  test(`removing a right from a role takes it from a signed-in member at once, without a reload (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const adminContext = await newContext()
    const admin = await adminContext.newPage()
    await signInAdmin(admin, BASE)
    const self = (await callApi(admin, BASE, 'GET', '/users/self')) as { organization: { id: string } }
    const role = (await callApi(admin, BASE, 'POST', '/roles/', { name: `E2E field ${n}`, description: 'Looks after devices', rights: ['devices', 'tunnels'] })) as { id: string }
    const member = await register(admin, BASE, `Field ${n}`)
    await joinOrganization(flavour, member.id, self.organization.id, role.id)

    // The member works on the devices list in a browser of their own.
    const memberContext = await newContext()
    const page = await memberContext.newPage()
    await page.goto(`${BASE}/login?next=/app/devices`)
    await signIn(page, member.email, PASSWORD)
    await page.waitForURL(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    await devicesEntry(page).waitFor()
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    // The administrator unticks Edge & Devices, reads what that does, and saves.
    await admin.goto(`${BASE}/app/roles?q=${encodeURIComponent(n)}`)
    await admin.getByRole('button', { name: `Edit E2E field ${n}` }).click()
    const form = admin.getByRole('dialog', { name: `Edit the role “E2E field ${n}”` })
    await form.getByText('Nobody gains or loses a right with this change.').waitFor()
    await form.getByRole('checkbox', { name: /^Edge & Devices/ }).uncheck()
    await form.getByText('Removes Edge & Devices from 1 user.').waitFor()
    await form.getByRole('button', { name: 'Save' }).click()
    await form.waitFor({ state: 'detached' })

    // The member's console hears it: the entry goes, and the screen they lost sends them to /app.
    await page.waitForURL(`${BASE}/app`)
    await devicesEntry(page).waitFor({ state: 'detached' })
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).waitFor()
    assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the page was reloaded')
    const rights = ((await callApi(page, BASE, 'GET', '/users/self')) as { rights: string[] }).rights
    assert.equal(rights, ['tunnels'])
    await memberContext.close()
    await adminContext.close()
  })

  test(`switching the organization from the header and from its screen shows only that organization's devices (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const context = await newContext()
    const page = await context.newPage()
    const owner = await register(page, BASE, `Owner ${n}`)
    const api = (method: 'GET' | 'POST', path: string, data?: unknown) => callApi(page, BASE, method, path, data, owner.token)
    await api('POST', '/devices/', { name: `Home box ${n}`, serial: `HOME-${n}`, model: 'EdgeBox 300', location: 'Home', tags: [] })
    const away = (await api('POST', '/organizations/', { name: `Away ${n}` })) as { id: string }
    await api('POST', `/organizations/${away.id}/switch`)
    await api('POST', '/devices/', { name: `Away box ${n}`, serial: `AWAY-${n}`, model: 'EdgeBox 300', location: 'Away', tags: [] })
    await api('POST', `/organizations/${owner.organizationId}/switch`)

    await page.goto(`${BASE}/login?next=/app/devices`)
    await signIn(page, owner.email, PASSWORD)
    await page.waitForURL(`${BASE}/app/devices`)
    await page.getByRole('link', { name: `Home box ${n}` }).waitFor()
    assert.is(await page.getByText(`Away box ${n}`).count(), 0)

    // From the header: the switcher names the current organization.
    await page.getByRole('button', { name: `Organization: Owner ${n}'s organization. Switch organization` }).click()
    await page.getByRole('menuitemradio', { name: `Away ${n}` }).click()
    await page.waitForURL(`${BASE}/app/home`)
    await page.getByRole('button', { name: `Organization: Away ${n}. Switch organization` }).waitFor()
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Edge & Devices', exact: true }).click()
    await page.getByRole('link', { name: `Away box ${n}` }).waitFor()
    assert.is(await page.getByText(`Home box ${n}`).count(), 0)

    // From the organizations screen, back home.
    await page.goto(`${BASE}/app/organizations`)
    const home = page.getByRole('row').filter({ hasText: `Owner ${n}'s organization` })
    const current = page.getByRole('row').filter({ hasText: `Away ${n}` })
    await current.getByText('Current', { exact: true }).waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'organizations screen')
    await home.getByRole('button', { name: `Switch to Owner ${n}'s organization` }).click()
    await page.waitForURL(`${BASE}/app/home`)
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('link', { name: `Home box ${n}` }).waitFor()
    assert.is(await page.getByText(`Away box ${n}`).count(), 0)
    await context.close()
  })

  test(`has no serious accessibility violations on the roles list, a role and its editor (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/roles`)
    await page.getByRole('link', { name: 'Administrator' }).click()
    await page.getByRole('heading', { name: 'Administrator', exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Members' }).waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'role detail')
    await page.goto(`${BASE}/app/roles`)
    await page.getByRole('table').waitFor()
    await page.getByRole('button', { name: 'New role' }).first().click()
    await page.getByRole('dialog', { name: 'New role' }).waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'role editor')
    await context.close()
  })
}

test.run()
