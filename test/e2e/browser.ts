import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

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

let browser: Browser | undefined
let profile: string | undefined

/** A fresh browser context (its own storage) in the system's Chromium. */
export async function newContext(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  if (!browser) {
    profile = mkdtempSync(join(tmpdir(), 'console-chromium-'))
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...FLAGS, `--user-data-dir=${profile}`],
    })
  }
  return browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: 1280, height: 800 } })
}

export async function closeBrowser(): Promise<void> {
  await browser?.close()
  browser = undefined
  if (profile) rmSync(profile, { recursive: true, force: true })
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The newest reset link the server wrote to its outbox for `email`. */
export function resetLinkFor(email: string, dataDir = process.env.E2E_DATA_DIR ?? ''): string | undefined {
  const outbox = join(dataDir, 'outbox')
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((mail) => mail.toLowerCase().includes(email.toLowerCase()))
  const last = mails.at(-1)
  return last?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0]
}

export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}@e2e.test`
