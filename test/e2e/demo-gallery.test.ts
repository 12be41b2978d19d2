import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

/** The first of the month after this one, as the calendar's title and a typed date show it. */
function nextMonth() {
  const now = new Date()
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 1))
  const mm = String(first.getUTCMonth() + 1).padStart(2, '0')
  return {
    title: new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first),
    typed: `20${mm}${first.getUTCFullYear()}`,
    shown: `20/${mm}/${first.getUTCFullYear()}`,
    day: new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 20))),
  }
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the photo gallery's lightbox: ArrowRight moves, a double click zooms, Esc closes and gives focus back (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/photo-gallery`)
    await page.getByRole('heading', { name: 'Photo Gallery', level: 1 }).waitFor()
    assert.is(await page.getByRole('list').last().getByRole('button').count(), 12)
    await page.getByRole('button', { name: /Uplink dish after the storm/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Uplink dish after the storm' })
    await dialog.getByText('3 of 12').waitFor()
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: 'Street cabinet 14 before its refit' }).getByText('4 of 12').waitFor()
    const photo = page.getByRole('dialog').getByRole('img', { name: 'Street cabinet 14 before its refit' })
    assert.is(await photo.getAttribute('data-zoom'), '1')
    await photo.dblclick()
    await page.waitForFunction(() => document.querySelector('[role="dialog"] img')?.getAttribute('data-zoom') === '1.5')
    assert.match((await photo.getAttribute('style')) ?? '', 'scale(1.5)')
    await photo.dblclick()
    await page.waitForFunction(() => document.querySelector('[role="dialog"] img')?.getAttribute('data-zoom') === '1')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Street cabinet 14'))
    await context.close()
  })

  test(`the calendar: next month, then an event added with a typed date and time (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/calendar`)
    await page.getByRole('grid').waitFor()
    assert.is(await page.getByRole('grid').locator('[aria-current="date"]').count(), 1, 'today is marked')
    const next = nextMonth()
    await page.getByRole('button', { name: 'Next month' }).click()
    await page.getByRole('grid', { name: next.title }).waitFor()
    await page.getByRole('button', { name: `${next.day}: add an event` }).click()
    const dialog = page.getByRole('dialog', { name: 'New event' })
    await dialog.getByLabel('Title').fill('Swap the Lisbon modem')
    const date = dialog.getByLabel('Date (DD/MM/YYYY)')
    await date.fill('')
    await date.pressSequentially('3102')
    assert.is(await date.inputValue(), '31/02')
    await date.fill('')
    await date.pressSequentially(next.typed)
    assert.is(await date.inputValue(), next.shown)
    const time = dialog.getByLabel('Time (hh:mm AM/PM)')
    await time.fill('')
    await time.pressSequentially('0930p')
    assert.is(await time.inputValue(), '09:30 PM')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: '9:30 PM Swap the Lisbon modem' }).waitFor()
    await context.close()
  })

  test(`the blog article opens signed out, with its title and a comment form that says Invalid email (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${BASE}/blog/article`)
    await page.getByRole('heading', { level: 1, name: 'Rolling out firmware to two thousand edge devices without a truck roll' }).waitFor()
    assert.is(page.url(), `${BASE}/blog/article`, 'a public page: no redirect')
    await page.getByRole('link', { name: 'Sign In' }).waitFor()
    await page.getByLabel('Name').fill('Ada')
    await page.getByLabel('E-mail').fill('ada@example')
    await page.getByRole('textbox', { name: 'Comment' }).fill('Useful, thanks.')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.getByText('Invalid email').waitFor()
    assert.is(await page.getByRole('status').count(), 0)
    await page.getByLabel('E-mail').fill('ada@example.org')
    await page.getByRole('button', { name: 'Send' }).click()
    await page.getByRole('status').getByText('Thank you for your comment!', { exact: false }).waitFor()
    await context.close()
  })
}

test.run()
