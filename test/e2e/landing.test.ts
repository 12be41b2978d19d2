import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mails } from '../fixtures/outbox'
import { until } from '../fixtures/until'
import { seriousViolations } from './axe'
import { BUILDS, closeBrowser, newContext, uniqueEmail } from './browser'

test.after(closeBrowser)

const DATA_DIRS: Record<string, string> = { react: process.env.E2E_DATA_DIR ?? '', preact: process.env.E2E_PREACT_DATA_DIR ?? process.env.E2E_DATA_DIR ?? '' }

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
    // The figure is isolated left to right and held to its unit.
    assert.match(((await business.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' '), '5 TB of traffic a month, then $0.10 per GB')

    const email = uniqueEmail(`contact-${flavour}`)
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Ada Lovelace')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Message (optional)').fill('We run 80 kiosks in two depots.')
    await form.getByRole('button', { name: 'Send' }).click()
    await form.getByRole('status').getByText('Thank you, Ada Lovelace: your message was sent.').waitFor()
    assert.is(await form.getByLabel('Name').inputValue(), '')
    assert.equal(await seriousViolations(page), [])

    const mail = (await until(() => mails(DATA_DIRS[flavour]!).find((each) => each.text.includes(email)), { what: `a mail from ${email} in the outbox` })).text
    assert.match(mail, /^Subject: Contact form: Ada Lovelace\r$/m)
    assert.match(mail, new RegExp(`^Reply-To: Ada Lovelace <${email.replace(/[.+]/g, '\\$&')}>\\r$`, 'm'))
    assert.match(mail, 'We run 80 kiosks in two depots.')
    await context.close()
  })
}

test.run()
