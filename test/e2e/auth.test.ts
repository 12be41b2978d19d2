import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADMIN, BASE, closeBrowser, failedLoad, holdRequests, newContext, PREACT_BASE, resetLinkFor, signIn, uniqueEmail } from './browser'

const path = (url: string) => {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

test.after(closeBrowser)

test('signs in as the admin, stays signed in after a reload and signs out to /', async () => {
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${BASE}/login`)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${BASE}/app`)
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  await page.reload()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${BASE}/`)
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  assert.is(await page.evaluate(() => localStorage.getItem('axe')), null)
  await context.close()
})

test('shows the server message on a wrong password and keeps what was typed', async () => {
  const context = await newContext({ expectedErrors: [failedLoad(401, '/api/login/users/')] })
  const page = await context.newPage()
  await page.goto(`${BASE}/login`)
  await signIn(page, ADMIN.email, 'not-the-password')
  await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor()
  assert.is(await page.getByLabel('E-mail').inputValue(), ADMIN.email)
  assert.is(await page.getByLabel('Password', { exact: true }).inputValue(), 'not-the-password')
  await context.close()
})

test('brings a signed-out deep link to sign-in and back after it', async () => {
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${BASE}/app/home`)
  await page.waitForURL(`${BASE}/login?next=%2Fapp%2Fhome`)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${BASE}/app/home`)
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  await context.close()
})

test('refuses to leave the site after sign-in', async () => {
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${BASE}/login?next=${encodeURIComponent('//evil.example/x')}`)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${BASE}/app`)
  assert.is(path(page.url()), '/app')
  await context.close()
})

test('registers a new account, signs out and signs in with it', async () => {
  const email = uniqueEmail('newcomer')
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${BASE}/register`)
  await page.getByLabel('Name').fill('Nia Newcomer')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('fresh-Password-9')
  await page.getByLabel('Confirm password').fill('fresh-Password-9')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL(`${BASE}/app`)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${BASE}/`)
  await signIn(page, email, 'fresh-Password-9')
  await page.waitForURL(`${BASE}/app`)
  await page.getByText('Nia Newcomer').first().waitFor()
  await context.close()
})

test('resets a password through the e-mailed link', async () => {
  const email = uniqueEmail('forgetful')
  const context = await newContext()
  const page = await context.newPage()
  const registered = await page.request.post(`${BASE}/api/register/`, {
    data: { name: 'Forgetful Fred', email, password: 'first-Password-1' },
  })
  assert.is(registered.status(), 201)
  await page.goto(`${BASE}/reset-password`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await page.getByText("Reset link has been sent to Your'e email").waitFor()
  const link = await resetLinkFor(email)
  assert.ok(link, 'a reset link is in the outbox')
  await page.goto(link!)
  await page.getByLabel('New password').fill('second-Password-2')
  await page.getByLabel('Confirm password').fill('second-Password-2')
  await page.getByRole('button', { name: 'Set new password' }).click()
  // "Back to sign in" is there all along: the link that counts is the one the success shows.
  await page.getByText('Your password has been changed. Sign in with the new one.').waitFor()
  await page.getByRole('link', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(`${BASE}/login`)
  await signIn(page, email, 'second-Password-2')
  await page.waitForURL(`${BASE}/app`)
  await context.close()
})

test('answers an unknown path with the 404 page and status 404', async () => {
  const context = await newContext({ expectedErrors: [failedLoad(404, '/no/such/page')] })
  const page = await context.newPage()
  const response = await page.goto(`${BASE}/no/such/page`)
  assert.is(response?.status(), 404)
  await page.getByRole('heading', { name: 'Oops, Page Not Found :(' }).waitFor()
  await page.getByRole('button', { name: 'Go to Dashboard' }).click()
  await page.waitForURL(/\/login\?next=%2Fapp/)
  await context.close()
})

test('shows the sign-in form with JavaScript disabled', async () => {
  const context = await newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${BASE}/login`)
  assert.ok(await page.getByLabel('E-mail').isVisible())
  assert.ok(await page.getByLabel('Password', { exact: true }).isVisible())
  assert.ok(await page.getByRole('button', { name: 'Sign in' }).isVisible())
  // Without the script, a submit posts: the password never lands in the address bar.
  assert.is(await page.locator('form').getAttribute('method'), 'post')
  await context.close()
})

test('signs in and out on the Preact build', async () => {
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${PREACT_BASE}/app/home`)
  await page.waitForURL(`${PREACT_BASE}/login?next=%2Fapp%2Fhome`)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(`${PREACT_BASE}/app/home`)
  await page.reload()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${PREACT_BASE}/`)
  await context.close()
})


for (const [flavour, base] of [['react', BASE], ['preact', PREACT_BASE]] as const) {
  test(`keeps what was typed and sent before the page's script took over, and signs in (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const posted: string[] = []
    page.on('request', (request) => request.isNavigationRequest() && request.method() === 'POST' && posted.push(request.url()))
    // The page shows; its script is held back, as on a slow link.
    const release = await holdRequests(page, '**/assets/*.js')
    await page.goto(`${base}/login`, { waitUntil: 'commit' })
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.waitForTimeout(300)
    release()
    await page.waitForURL(`${base}/app`)
    assert.equal(posted, [], 'the form did not post to the server')
    await context.close()
  })

  test(`keeps what was typed before the page's script took over when the form is sent after (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const release = await holdRequests(page, '**/assets/*.js')
    await page.goto(`${base}/login`, { waitUntil: 'commit' })
    await page.getByLabel('E-mail').fill(ADMIN.email)
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
    release()
    await page.waitForFunction(() => window.consoleReady === true)
    assert.is(await page.getByLabel('E-mail').inputValue(), ADMIN.email)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${base}/app`)
    await context.close()
  })
}

test.run()
