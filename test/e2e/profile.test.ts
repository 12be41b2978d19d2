import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AVATAR_MAX_BYTES } from '../../src/contract/profile'
import { pngImage } from '../api/people/_images'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, registerAndSignIn, settle } from './browser'

test.after(closeBrowser)

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`refuses a photo over 100 KB and a file that is no image, saying why; shows a small one in the header, ends another session (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    const name = `Pia Profile ${flavour}`
    const email = await registerAndSignIn(page, name, BASE)
    const uploads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/users/self/avatar')) uploads.push(request.method())
    })
    await page.goto(`${BASE}/app/profile`)
    const file = page.locator('input[type="file"]')
    await file.waitFor({ state: 'attached' })

    await file.setInputFiles({ name: 'too-big.png', mimeType: 'image/png', buffer: pngImage({ size: AVATAR_MAX_BYTES + 1 }) })
    await page.getByRole('alert').filter({ hasText: 'The picture is 101 KB; the limit is 100 KB' }).waitFor()
    // A page saved under a photo's name: the browser's own decode says it is none, before any upload.
    await file.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><title>not a photo</title>') })
    await page.getByRole('alert').filter({ hasText: 'This file is not an image' }).waitFor()
    assert.is(await page.getByRole('img', { name: 'The new photo, not saved yet' }).count(), 0, 'no broken preview')
    assert.equal(uploads, [], 'nothing was sent')
    const avatarOf = async () =>
      page.evaluate(async (host) => {
        const answer = await fetch(`${host}/api/users/self`, { headers: { Authorization: `Bearer ${localStorage.getItem('axe')}` } })
        return ((await answer.json()) as { avatar: string }).avatar
      }, BASE)
    assert.is(await avatarOf(), '', 'no photo stored')

    const photo = pngImage({ width: 48, height: 48, rgb: [20, 120, 200] })
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
    await page.getByRole('img', { name: 'The new photo, not saved yet' }).waitFor()
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const headerPhoto = page.getByRole('button', { name: `Account menu of ${name}` }).locator('img')
    await headerPhoto.waitFor()
    assert.match((await headerPhoto.getAttribute('src')) ?? '', /^\/api\/avatars\/[\w-]+\?v=[0-9a-f]{16}$/)
    await page.waitForFunction(
      (label) => {
        const img = document.querySelector<HTMLImageElement>(`button[aria-label="${label}"] img`)
        return img?.complete === true && img.naturalWidth === 48
      },
      `Account menu of ${name}`,
    )
    assert.equal(uploads, ['POST'])
    assert.match(await avatarOf(), /^\/avatars\//)

    // A second session, from another browser.
    const signedIn = await page.request.post(`${BASE}/api/login/users/`, {
      data: { email, password: 'shell-Password-1' },
      headers: { 'User-Agent': FIREFOX },
    })
    const other = ((await signedIn.json()) as { user: { auth_key: string } }).user.auth_key
    const otherSelf = () => page.request.get(`${BASE}/api/users/self`, { headers: { Authorization: `Bearer ${other}` }, failOnStatusCode: false })
    assert.is((await otherSelf()).status(), 200)
    await page.reload()
    const row = page.getByRole('row').filter({ hasText: 'Firefox 128 on Linux' })
    await row.waitFor()
    assert.match((await page.getByRole('row').filter({ hasText: 'This session' }).textContent()) ?? '', /Password/)
    await settle(page)
    await page.screenshot({ path: `/tmp/profile-${flavour}.png`, fullPage: true })
    assert.equal(await seriousViolations(page), [])
    await row.getByRole('button', { name: /^End the session of Firefox 128 on Linux/ }).click()
    await row.waitFor({ state: 'detached' })
    assert.is((await otherSelf()).status(), 401, 'the ended session no longer works')
    await context.close()
  })
}

test.run()
