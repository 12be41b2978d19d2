import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
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
  contexts.push(context)
  return context
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

/** The newest reset link the server wrote to its outbox for `email`; mail leaves after the answer, so this waits. */
export async function resetLinkFor(email: string, dataDir = process.env.E2E_DATA_DIR ?? ''): Promise<string | undefined> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = readResetLink(email, dataDir)
    if (link) return link
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}

function readResetLink(email: string, dataDir: string): string | undefined {
  const outbox = join(dataDir, 'outbox')
  if (!existsSync(outbox)) return undefined
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((mail) => mail.toLowerCase().includes(email.toLowerCase()))
  const last = mails.at(-1)
  return last?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0]
}

export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}@e2e.test`

/**
 * Narrows what `email` may do: its role in its organization keeps only `rights`. A fixture
 * written straight into the server's database file; the console offers no way to empty a
 * built-in role.
 */
export async function limitRights(email: string, rights: string[], dataDir = process.env.E2E_DATA_DIR ?? ''): Promise<void> {
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(join(dataDir, 'console.db'))
  try {
    db.prepare(
      `UPDATE roles SET rights = ? WHERE id IN (
         SELECT role_id FROM memberships WHERE user_id = (SELECT id FROM users WHERE email = ?))`,
    ).run(JSON.stringify(rights), email.toLowerCase())
  } finally {
    db.close()
  }
}

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

/** The console under test in each flavour, for files that run the same tests on both. */
export const BUILDS = [
  { flavour: 'react', BASE },
  { flavour: 'preact', BASE: PREACT_BASE },
] as const

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
export async function callApi(page: Page, base: string, method: 'GET' | 'POST', path: string, data?: unknown, key?: string) {
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
