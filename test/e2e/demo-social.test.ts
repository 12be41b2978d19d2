import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, settle, signInAdmin } from './browser'

test.after(closeBrowser)

/** A 1 x 1 PNG, so the previews load for real. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64')
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG })

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the chat sends a message on Enter and shows it at the bottom of the conversation (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/chat`)
    const field = page.getByLabel('Message', { exact: true })
    await field.fill('Is the Lagos gateway back?')
    await field.press('Enter')
    const log = page.getByRole('log', { name: 'Conversation with Amara Nwosu' })
    await log.locator('li').last().getByText('Is the Lagos gateway back?').waitFor()
    assert.is(await field.inputValue(), '')
    // Scrolled to the newest message once the 300 ms have passed.
    await page.waitForFunction(() => {
      const box = document.querySelector('[role="log"]')!
      return box.scrollHeight > box.clientHeight && Math.abs(box.scrollTop + box.clientHeight - box.scrollHeight) < 2
    })
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })

  test(`the timeline refuses a third image, then posts with two (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/timeline`)
    await page.getByLabel('Share an update').fill('New relay at the north gate')
    await page.getByLabel('Add images').setInputFiles([png('one.png'), png('two.png'), png('three.png')])
    await page.getByRole('alert').getByText('A post holds at most 2 images.').waitFor()
    const previews = page.getByRole('list', { name: 'Images to post' }).getByRole('img')
    assert.is(await previews.count(), 2)
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    const post = page.getByRole('article').first()
    await post.getByText('New relay at the north gate').waitFor()
    assert.equal(await post.getByRole('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)), [1, 1])
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })

  test(`the profile switches tabs and refuses a GIF avatar with its message (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/user-profile`)
    await page.getByRole('tab', { name: 'Connections' }).click()
    await page.getByRole('tabpanel', { name: 'Connections' }).getByText('Jonas Weber').waitFor()
    await page.getByRole('tab', { name: 'Connections' }).press('ArrowRight')
    assert.is(await page.getByRole('tab', { name: 'Photos' }).getAttribute('aria-selected'), 'true')
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await page.getByRole('tabpanel', { name: 'Timeline' }).getByRole('article').first().waitFor()
    await page.getByLabel('Change avatar').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await page.getByRole('alert').getByText('The avatar must be a JPEG, PNG or BMP image.').waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [])
    await context.close()
  })
}

test.run()
