import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { withDataDir } from '../fixtures/data-dir'
import { setRoleRights } from '../fixtures/people'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, failedLoad, inviteMember, newContext, settle, signIn, signInAdmin, uniqueEmail } from './browser'

test.after(closeBrowser)

const PASSWORD = 'roles-Password-1'

const dataDirOf = (flavour: string) => (flavour === 'react' ? process.env.E2E_DATA_DIR : process.env.E2E_PREACT_DATA_DIR) ?? ''

/** Registers an account over the API; it has an organization of its own. */
async function register(page: Page, base: string, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'))
  const answer = await page.request.post(`${base}/api/register/`, { data: { name, email, password: PASSWORD } })
  if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}`)
  const { user } = (await answer.json()) as { user: { id: string; auth_key: string; organization: { id: string } } }
  return { email, id: user.id, token: user.auth_key, organizationId: user.organization.id }
}

/** A member of the signed-in administrator's organization, holding `roleId` alone, invited and accepted. */
const newMember = (admin: Page, base: string, flavour: string, roleId: string, name: string) =>
  inviteMember(admin, base, dataDirOf(flavour), { roles: [roleId], name, password: PASSWORD })

/** The main menu's entry for devices. */
const devicesEntry = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Edge & Devices', exact: true })

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`removing a right from a role takes it from a signed-in member at once, without a reload (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const adminContext = await newContext()
    const admin = await adminContext.newPage()
    await signInAdmin(admin, BASE)
    const role = (await callApi(admin, BASE, 'POST', '/roles/', { name: `E2E field ${n}`, description: 'Looks after devices', rights: ['devices', 'network'] })) as { id: string }
    const member = await newMember(admin, BASE, flavour, role.id, `Field ${n}`)

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

    // The member's console hears it: the entry goes, and the screen they lost sends them to /app, saying why.
    await page.waitForURL(`${BASE}/app`)
    await page.getByText('Edge And Connected Devices needs the Edge & Devices right, which you do not hold, so Home opened instead').waitFor()
    await devicesEntry(page).waitFor({ state: 'detached' })
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).waitFor()
    assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the page was reloaded')
    const rights = ((await callApi(page, BASE, 'GET', '/users/self')) as { rights: string[] }).rights
    assert.equal(rights, ['network'])
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

  test(`a member whose role holds Tunnels alone is told which right the new tunnel's device list needs; opening a screen without its right says so on home (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const adminContext = await newContext()
    const admin = await adminContext.newPage()
    await signInAdmin(admin, BASE)
    const role = (await callApi(admin, BASE, 'POST', '/roles/', { name: `E2E tunnels ${n}`, description: '', rights: ['network'] })) as { id: string }
    // A role saved before rights came with their needs: Tunnels without Edge & Devices.
    await withDataDir(dataDirOf(flavour), (server) => setRoleRights(server, role.id, ['tunnels']))
    const member = await newMember(admin, BASE, flavour, role.id, `Tunneller ${n}`)

    const context = await newContext({ expectedErrors: [failedLoad(403, '/api/devices/')] })
    const page = await context.newPage()
    await page.goto(`${BASE}/login?next=/app/tunnels`)
    await signIn(page, member.email, PASSWORD)
    await page.waitForURL(`${BASE}/app/tunnels`)
    await page.getByRole('button', { name: 'New tunnel' }).first().click()
    const form = page.getByRole('dialog', { name: 'New tunnel' })
    await form.getByText('This needs the Edge & Devices right').waitFor()
    assert.is(await form.getByText('You do not have the right to do this').count(), 0)
    await form.getByRole('button', { name: 'Cancel' }).last().click()

    await page.goto(`${BASE}/app/billing`)
    await page.waitForURL(`${BASE}/app`)
    await page.getByText('Billing needs the Billing right, which you do not hold, so Home opened instead').waitFor()
    await context.close()
    await adminContext.close()
  })

  test(`a tab follows an organization switched in another tab and says so (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const context = await newContext()
    const page = await context.newPage()
    const owner = await register(page, BASE, `Follower ${n}`)
    const away = (await callApi(page, BASE, 'POST', '/organizations/', { name: `Elsewhere ${n}` }, owner.token)) as { id: string }
    await page.goto(`${BASE}/login?next=/app/devices`)
    await signIn(page, owner.email, PASSWORD)
    await page.waitForURL(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()

    const other = await context.newPage()
    await other.goto(`${BASE}/app/home`)
    await other.getByRole('button', { name: `Organization: Follower ${n}'s organization. Switch organization` }).click()
    await other.getByRole('menuitemradio', { name: `Elsewhere ${n}` }).click()
    await other.getByText(`You now work in Elsewhere ${n}`).waitFor()
    assert.is(await other.getByText(`Switched to Elsewhere ${n} in another tab`).count(), 0, 'the tab that switched says it did')

    await page.waitForURL(`${BASE}/app/home`)
    await page.getByText(`Switched to Elsewhere ${n} in another tab`).waitFor()
    await page.getByRole('button', { name: `Organization: Elsewhere ${n}. Switch organization` }).waitFor()
    assert.ok(away.id)
    await context.close()
  })

  test(`a member disabled while working lands on the sign-in page told why (${flavour})`, async () => {
    const n = `${flavour}-${Date.now().toString(36)}`
    const adminContext = await newContext()
    const admin = await adminContext.newPage()
    await signInAdmin(admin, BASE)
    const role = (await callApi(admin, BASE, 'POST', '/roles/', { name: `E2E watch ${n}`, description: '', rights: ['devices'] })) as { id: string }
    // An account made by the invitation: the admin's organization is its only one.
    const member = await newMember(admin, BASE, flavour, role.id, `Disabled ${n}`)

    // What the console asks once the account is disabled is refused, until it signs out.
    const context = await newContext({ expectedErrors: ['/api/events', '/api/users/self', '/api/views/', '/api/devices/', '/api/alerts'].map((path) => failedLoad(401, path)) })
    const page = await context.newPage()
    await page.goto(`${BASE}/login?next=/app/devices`)
    await signIn(page, member.email, PASSWORD)
    await page.waitForURL(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()

    const token = await admin.evaluate(() => localStorage.getItem('axe'))
    const record = (await callApi(admin, BASE, 'GET', `/users/${member.id}`)) as { roles: { id: string }[]; version: number }
    const answer = await admin.request.fetch(`${BASE}/api/users/${member.id}`, {
      method: 'PUT',
      data: { roles: record.roles.map((given) => given.id), status: 'disabled', version: record.version },
      headers: { Authorization: `Bearer ${token}` },
    })
    assert.is(answer.status(), 200)

    // The stream ends at once; its reconnect, a second or so later, is refused and says why.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
    await page.getByText('Your account was disabled by an administrator').waitFor()
    await context.close()
    await adminContext.close()
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
