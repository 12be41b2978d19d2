import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { BUILDS, closeBrowser, newContext, uniqueEmail } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? process.env.E2E_DATA_DIR ?? '' }

/** The outbox mail that names `email`, read as written (quoted-printable undone), waiting for it a while. */
async function mailFrom(email: string, dataDir: string): Promise<string | undefined> {
  const outbox = join(dataDir, 'outbox')
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (existsSync(outbox) ? readdirSync(outbox) : [])
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
      .find((mail) => mail.includes(email))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}

for (const { flavour, BASE } of BUILDS) {
  test(`the landing page offers the plans the server enforces and its contact form reaches the outbox (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${BASE}/landing`)
    const pricing = page.locator('#pricing')
    assert.equal(await pricing.locator('h3').allTextContents(), ['Free', 'Team', 'Business'])
    const business = pricing.locator('[data-plan="business"]')
    assert.match((await business.textContent()) ?? '', '$299')
    assert.match((await business.textContent()) ?? '', 'Up to 500 devices')
    assert.match((await business.textContent()) ?? '', '5 TB of traffic a month, then $0.10 per GB')

    const email = uniqueEmail(`contact-${flavour}`)
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Ada Lovelace')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Message (optional)').fill('We run 80 kiosks in two depots.')
    await form.getByRole('button', { name: 'Send' }).click()
    await form.getByRole('status').getByText('Thank you, Ada Lovelace: your message was sent.').waitFor()
    assert.is(await form.getByLabel('Name').inputValue(), '')
    assert.equal(await seriousViolations(page), [])

    const mail = await mailFrom(email, DATA_DIRS[flavour]!)
    assert.ok(mail, `a mail from ${email} in the outbox`)
    assert.match(mail!, /^Subject: Contact form: Ada Lovelace\r$/m)
    assert.match(mail!, new RegExp(`^Reply-To: Ada Lovelace <${email.replace(/[.+]/g, '\\$&')}>\\r$`, 'm'))
    assert.match(mail!, 'We run 80 kiosks in two depots.')
    await context.close()
  })
}

test.run()
