import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OAuth2Server } from 'oauth2-mock-server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startServer, type RunningServer } from '../../src/server/server'
import { closeBrowser, newContext } from './browser'

/**
 * Social sign-in against a real OAuth2 server on loopback: this file starts its own console
 * (both builds) with the mock configured as the Google provider.
 */
const ADMIN = { email: 'admin@social-e2e.test', password: 'social-e2e-Password-1' }

let provider: OAuth2Server
const consoles: { flavour: string; server: RunningServer; base: string; dataDir: string }[] = []

test.before(async () => {
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  const issuer = (provider.issuer.url ?? '').replace('localhost', '127.0.0.1')
  for (const flavour of ['react', 'preact']) {
    const dataDir = mkdtempSync(join(tmpdir(), `console-social-${flavour}-`))
    const server = await startServer({
      port: 0,
      hostname: '127.0.0.1',
      dataDir,
      staticDir: join('dist', flavour),
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      scryptCost: 1024,
      log: { info: () => undefined, error: (line, error) => console.error(line, error) },
      oauth: {
        google: {
          clientId: 'e2e-client',
          clientSecret: 'e2e-secret',
          authorizeUrl: `${issuer}/authorize`,
          tokenUrl: `${issuer}/token`,
          userinfoUrl: `${issuer}/userinfo`,
        },
      },
    })
    consoles.push({ flavour, server, base: `http://127.0.0.1:${server.port}`, dataDir })
  }
})

test.after(async () => {
  for (const { server, dataDir } of consoles.splice(0)) {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  await provider.stop()
  await closeBrowser()
})

const providerSays = (person: Record<string, unknown>) =>
  provider.service.once('beforeUserinfo', (answer) => {
    answer.body = person
  })

test('signs in with the provider from /login-firebase and lands signed in on /app', async () => {
  assert.equal(consoles.map((one) => one.flavour), ['react', 'preact'])
  for (const { flavour, base } of consoles) {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${base}/login-firebase`)
    const google = page.getByRole('group', { name: 'Sign in with a provider' }).getByRole('button', { name: 'Google' })
    await google.waitFor()
    assert.ok(await page.getByRole('button', { name: 'GitHub' }).isDisabled(), flavour)
    await page.getByText('GitHub, X: Not configured on this server').waitFor()
    providerSays({ sub: `e2e-${flavour}`, email: `grace-${flavour}@social.test`, name: 'Grace Hopper', email_verified: true })
    await google.click()
    await page.waitForURL(`${base}/app`)
    await page.getByRole('button', { name: 'Sign out' }).waitFor()
    assert.type(await page.evaluate(() => localStorage.getItem('axe')), 'string', flavour)
    await page.getByText('Grace Hopper').first().waitFor()
    await context.close()
  }
})

test('returns to next after the provider, and explains a refusal', async () => {
  const { base } = consoles[0] as (typeof consoles)[number]
  const context = await newContext()
  const page = await context.newPage()
  await page.goto(`${base}/login-firebase?next=${encodeURIComponent('/app/profile')}`)
  providerSays({ sub: 'e2e-next', email: 'next@social.test', name: 'Nell Next', email_verified: true })
  await page.getByRole('button', { name: 'Google' }).click()
  await page.waitForURL(`${base}/app/profile`)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${base}/`)

  // The admin's address, but the provider has not verified it: no account is handed over.
  await page.goto(`${base}/register-firebase`)
  providerSays({ sub: 'e2e-intruder', email: ADMIN.email, name: 'Not the admin', email_verified: false })
  await page.getByRole('button', { name: 'Google' }).click()
  await page.waitForURL(`${base}/login-firebase?error=auth.social.errors.unverified`)
  await page.getByRole('alert').filter({ hasText: 'The provider has not verified this e-mail.' }).waitFor()
  assert.is(await page.evaluate(() => localStorage.getItem('axe')), null)
  await context.close()
})

test.run()
