import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { linkTo, waitForMailTo } from '../fixtures/outbox'
import { guardContext, type ExpectedError } from './page-guard'

export { failedLoad, OFFLINE } from './page-guard'

export const BASE = process.env.E2E_URL ?? 'http://localhost:8080'
export const PREACT_BASE = process.env.E2E_PREACT_URL ?? BASE
export const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' }

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const contexts: BrowserContext[] = []
let launched: Promise<Browser> | undefined

/** The file's one Chromium of the system, started with its first context and ended by `closeBrowser`. */
function browser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS })
  return launched
}

/**
 * A fresh context (its own storage, cookies and cache, as a new profile) of the file's Chromium;
 * closing it fails when a page broke the policy or logged an error other than the `expectedErrors`.
 * The first-visit guide counts as seen unless `guide` is set, so it does not cover the console.
 */
export async function newContext(
  options: {
    javaScriptEnabled?: boolean
    guide?: boolean
    viewport?: { width: number; height: number }
    expectedErrors?: ExpectedError[]
  } = {},
): Promise<BrowserContext> {
  const context = await (await browser()).newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  })
  await guardContext(context, options.expectedErrors)
  // about:blank has no storage: only the console's own documents get the mark.
  if (!options.guide) {
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('console:guide-seen', '1')
    })
  }
  // A step that has not happened in 10 s will not: fail fast with what was awaited.
  context.setDefaultTimeout(10_000)
  resendOnReset(context)
  contexts.push(context)
  return context
}

/**
 * The context's API requests (`page.request`) go again once when the kept-alive connection they
 * took was closed by the server as they left (HTTP/1.1's race: the server read nothing of them, and
 * a browser resends them as well). Any other failure stands.
 */
function resendOnReset(context: BrowserContext): void {
  const request = context.request
  for (const method of ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head'] as const) {
    const send = request[method].bind(request) as (...args: unknown[]) => Promise<unknown>
    ;(request as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      send(...args).catch((error: Error) => {
        if (/\b(read ECONNRESET|socket hang up)\b/.test(error.message)) return send(...args)
        throw error
      })
  }
}

/**
 * Closes what a failed test left open, printing what its pages reported, and ends the file's
 * Chromium (its profile goes with it).
 */
export async function closeBrowser(): Promise<void> {
  await Promise.all(contexts.splice(0).map((context) => context.close().catch((error: Error) => console.error(error.message))))
  const running = launched
  launched = undefined
  if (running) await (await running).close()
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * The link to `page` (`/reset-password`, `/invitation`) of the newest mail the server wrote to its
 * outbox for `email`; mail leaves after the answer, so this waits. Undefined when none came.
 */
export async function mailedLink(email: string, page: string, dataDir: string): Promise<string | undefined> {
  const mail = await waitForMailTo(dataDir, email, { page, timeoutMs: 5000 }).catch(() => undefined)
  return mail && linkTo(mail, page)?.link
}

/** The newest reset link the server wrote to its outbox for `email`. */
export const resetLinkFor = (email: string, dataDir = process.env.E2E_DATA_DIR ?? '') => mailedLink(email, '/reset-password', dataDir)

export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}@e2e.test`

let registered = 0
/**
 * A documentation address (198.51.100.0/24) for each registration, moving on with each one and
 * starting apart in each test file's process, so no address nears the throttle's ten an hour.
 */
const registeringAddress = () => `198.51.100.${((process.pid * 31 + registered++) % 250) + 1}`

/** Registers a fresh account over the API and signs it in through the form. */
export async function registerAndSignIn(page: Page, name: string, base = BASE): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'))
  const answer = await page.request.post(`${base}/api/register/`, {
    data: { name, email, password: 'shell-Password-1' },
    headers: { 'X-Forwarded-For': registeringAddress() },
  })
  if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}`)
  await page.goto(`${base}/login`)
  await signIn(page, email, 'shell-Password-1')
  await arriveAt(page, `${base}/app`)
  return email
}

const MEMBER_PASSWORD = 'member-Password-1'

/**
 * Invites a fresh address into the organization of `inviterToken` (the signed-in user's when
 * undefined) with `roles`, and accepts over the API as the invitee following the mail's link would:
 * the new account's address, id and token, its password `password`.
 */
export async function inviteMember(
  page: Page,
  base: string,
  dataDir: string,
  { roles, name, password = MEMBER_PASSWORD, inviterToken }: { roles: string[]; name: string; password?: string; inviterToken?: string },
): Promise<{ email: string; id: string; token: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'))
  await callApi(page, base, 'POST', '/users/', { email, roles }, inviterToken)
  const link = await mailedLink(email, '/invitation', dataDir)
  if (!link) throw new Error(`no invitation to ${email} in the outbox`)
  const answer = await page.request.post(`${base}/api/invitations/accept`, {
    data: { token: new URL(link).searchParams.get('token'), name, password },
    headers: { 'X-Forwarded-For': registeringAddress() },
  })
  if (answer.status() !== 200) throw new Error(`accepting the invitation answered ${answer.status()}`)
  const { user } = (await answer.json()) as { user: { id: string; auth_key: string } }
  return { email, id: user.id, token: user.auth_key }
}

/**
 * Signs in through the form a member who holds `rights` alone (with what they need): an account
 * registered over the API makes a role of them and invites the member with it. The owner's token
 * and the member's address.
 */
export async function signInWithRights(page: Page, name: string, rights: string[], base = BASE, dataDir = process.env.E2E_DATA_DIR ?? ''): Promise<{ email: string; ownerToken: string }> {
  const answer = await page.request.post(`${base}/api/register/`, {
    data: { name: `${name} owner`, email: uniqueEmail('owner'), password: MEMBER_PASSWORD },
    headers: { 'X-Forwarded-For': registeringAddress() },
  })
  if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}`)
  const ownerToken = ((await answer.json()) as { user: { auth_key: string } }).user.auth_key
  const role = (await callApi(page, base, 'POST', '/roles/', { name: `${name} role`, description: '', rights }, ownerToken)) as { id: string }
  const { email } = await inviteMember(page, base, dataDir, { roles: [role.id], name, inviterToken: ownerToken })
  await page.goto(`${base}/login`)
  await signIn(page, email, MEMBER_PASSWORD)
  await arriveAt(page, `${base}/app`)
  return { email, ownerToken }
}

/** The console under test in each flavour, for files that run the same tests on both. */
const ALL_BUILDS = [
  { flavour: 'react', BASE, dataDir: process.env.E2E_DATA_DIR ?? '' },
  { flavour: 'preact', BASE: PREACT_BASE, dataDir: process.env.E2E_PREACT_DATA_DIR ?? '' },
] as const

/**
 * The builds a file runs on. The runner runs a file that tests both as two jobs side by side, one
 * per build (`E2E_BUILD=react` or `preact`), so a long file's two halves share the slots; run by
 * hand without it, a file tests both in turn.
 */
const ONE_BUILD = process.env.E2E_BUILD
export const BUILDS = ALL_BUILDS.filter((build) => !ONE_BUILD || build.flavour === ONE_BUILD)

/**
 * The builds a screen's own flows run on: the Preact build alone, the one kiosks run and the only
 * one no other test renders (the unit tests render every screen with React). What the two builds
 * do differently (the shell and routing, sign-in, first loads and the service worker, the record
 * kit's dialogs, layout and the accessibility sweep) runs on `BUILDS`. `E2E_BUILDS=both` runs
 * every file on both.
 */
export const SCREEN_BUILDS = process.env.E2E_BUILDS === 'both' ? BUILDS : BUILDS.filter((build) => build.flavour === 'preact')

/**
 * Waits until `dialog` has closed and the step back that takes away its leave guard's history
 * entry has happened, so a navigation that follows is not cut off by that step.
 */
export async function dialogClosed(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor({ state: 'detached' })
  await page.waitForFunction(() => !(history.state as { leaveGuard?: number } | null)?.leaveGuard)
}

/** Waits until no animation runs, so a check reads the page as it rests. */
export const settle = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))

/** Signs the admin in through the form of the console at `base` and waits for /app. */
export async function signInAdmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`)
  await signIn(page, ADMIN.email, ADMIN.password)
  await arriveAt(page, `${base}/app`)
}

/**
 * Waits for the console to land on `url` after a sign-in; when it does not, fails with what the
 * page shows instead (its address and alerts), so a failure on a loaded machine says why.
 */
async function arriveAt(page: Page, url: string): Promise<void> {
  try {
    await page.waitForURL(url, { timeout: 20_000 })
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts().catch(() => [])
    const fields = await page.locator('input').evaluateAll((inputs) => inputs.map((input) => `${(input as HTMLInputElement).name}=${(input as HTMLInputElement).type === 'password' ? '*'.repeat((input as HTMLInputElement).value.length) : (input as HTMLInputElement).value}`)).catch(() => [])
    throw new Error(`did not reach ${url}: the page is at ${page.url()}, alerts ${JSON.stringify(alerts)}, fields ${JSON.stringify(fields)}\n${String(error)}`)
  }
}

/** Calls the API of `base` as the signed-in user, or with `key`; fails unless the answer is 2xx. */
export async function callApi(page: Page, base: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, key?: string) {
  const token = key ?? (await page.evaluate(() => localStorage.getItem('axe')))
  const answer = await page.request.fetch(`${base}/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } })
  if (!answer.ok()) throw new Error(`${method} ${path} answered ${answer.status()}`)
  return answer.json()
}

/** Holds back the requests `page` makes to `pattern` (as a slow link would) until `release()`. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}
