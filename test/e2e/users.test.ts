import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, callApi, closeBrowser, failedLoad, mailedLink, newContext, registerAndSignIn, settle, signInAdmin, uniqueEmail } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? '' }

/** The admin, signed in on the users screen, invites `email` as a Viewer and sees the row say Invited. */
async function inviteAsAdmin(BASE: string, email: string) {
  const adminContext = await newContext()
  const admin = await adminContext.newPage()
  await signInAdmin(admin, BASE)
  await admin.goto(`${BASE}/app/users`)
  await admin.getByRole('button', { name: 'Invite user' }).click()
  const form = admin.getByRole('dialog', { name: 'Invite a user' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByRole('checkbox', { name: 'Viewer' }).check()
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await form.waitFor({ state: 'detached' })
  const row = admin.getByRole('row').filter({ hasText: email })
  await row.getByText('Invited', { exact: true }).waitFor()
  return { adminContext, admin, row }
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`invites a user from the console, whose mailed link sets a password and lands signed in (${flavour})`, async () => {
    const email = uniqueEmail(`invitee-${flavour}`)
    const { adminContext, admin, row } = await inviteAsAdmin(BASE, email)
    await row.getByText('Viewer', { exact: true }).waitFor()

    const link = await mailedLink(email, '/invitation', DATA_DIRS[flavour]!)
    assert.ok(link, 'an invitation link is in the outbox')
    assert.ok(link!.startsWith(`${BASE}/invitation?token=`), link)

    const token = new URL(link!).searchParams.get('token') ?? ''
    // The second visit, once the link is spent, is refused on purpose.
    const inviteeContext = await newContext({ expectedErrors: [failedLoad(400, `/api/invitations/${token}`)] })
    const invitee = await inviteeContext.newPage()
    await invitee.goto(link!)
    await invitee.getByRole('heading', { name: 'Join Default organization' }).waitFor()
    await invitee.getByText(`You are invited as ${email}.`, { exact: false }).waitFor()
    await invitee.getByLabel('Full name').fill(`Invited ${flavour}`)
    await invitee.getByLabel('Password', { exact: true }).fill('invited-Password-7')
    await invitee.getByLabel('Confirm password').fill('invited-Password-7')
    await invitee.getByRole('button', { name: 'Join and sign in' }).click()
    await invitee.waitForURL(`${BASE}/app`)
    await invitee.getByText(`Invited ${flavour}`).first().waitFor()
    // A Viewer sees the dashboards and not the user control.
    await invitee.getByRole('button', { name: 'Dashboards' }).waitFor()
    assert.is(await invitee.getByRole('link', { name: 'Users' }).count(), 0)

    // The administrator's list follows without a reload.
    await row.getByText('Active', { exact: true }).waitFor()
    await row.getByRole('link', { name: `Invited ${flavour}` }).waitFor()

    // The link is spent.
    await invitee.goto(link!)
    await invitee.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor()
    await inviteeContext.close()
    await adminContext.close()
  })

  test(`invites an existing account, which joins from the mailed link signed in, with one click, keeping its password (${flavour})`, async () => {
    const inviteeContext = await newContext()
    const invitee = await inviteeContext.newPage()
    const email = await registerAndSignIn(invitee, `Joiner ${flavour}`, BASE)
    const { adminContext, admin, row } = await inviteAsAdmin(BASE, email)
    const link = await mailedLink(email, '/invitation', DATA_DIRS[flavour]!)
    assert.ok(link, 'an invitation link is in the outbox')

    await invitee.goto(link!)
    await invitee.getByRole('heading', { name: 'Join Default organization' }).waitFor()
    await invitee.getByText(`You are signed in as ${email}.`).waitFor()
    assert.is(await invitee.getByLabel('Full name').count(), 0, 'nothing of the account is chosen again')
    await invitee.getByRole('button', { name: 'Join Default organization' }).click()
    await invitee.waitForURL(`${BASE}/app`)
    const self = await callApi(invitee, BASE, 'GET', '/users/self')
    assert.is(self.organization.name, 'Default organization')
    await row.getByText('Active', { exact: true }).waitFor()
    const again = await invitee.request.post(`${BASE}/api/login/users/`, { data: { email, password: 'shell-Password-1' } })
    assert.is(again.status(), 200, 'the password is unchanged')
    await inviteeContext.close()
    await adminContext.close()
  })

  test(`has no serious accessibility violations on the users list, its invite form and a user's detail, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    // Searched for: the other files add members whose names may come first.
    await page.goto(`${BASE}/app/users?q=Maya`)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await page.getByRole('link', { name: 'Maya Chen' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'Invite user' }).click()
      await page.getByRole('dialog', { name: 'Invite a user' }).getByRole('checkbox', { name: 'Viewer' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `invite form, ${mode}`)
      await page.keyboard.press('Escape')
    }
    await page.getByRole('link', { name: 'Maya Chen' }).click()
    await page.getByRole('heading', { name: 'Last sign-ins' }).waitFor()
    await page.getByRole('cell', { name: 'Chrome 126 on Windows' }).first().waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'detail, dark')
    await context.close()
  })
}

test.run()
