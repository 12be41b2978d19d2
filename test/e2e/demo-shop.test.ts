import type { Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { SCREEN_BUILDS, closeBrowser, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

/** The serious axe findings once the page stands still (it fades in over 700 ms, a drawer slides in). */
async function violations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  return seriousViolations(page)
}

for (const { flavour, BASE } of SCREEN_BUILDS) {
  test(`the demo shop: two products in the cart, its total, then checkout through address, payment and review to the order (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    await page.goto(`${BASE}/app/pages/products`)
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
    assert.equal(await violations(page), [], 'the catalogue')

    // Two of the dome camera (330.65 each) and one panel antenna (89.00).
    await page.getByRole('button', { name: 'Dome Camera 4K' }).click()
    const camera = page.getByRole('dialog', { name: 'Dome Camera 4K' })
    await camera.getByRole('button', { name: 'One more Dome Camera 4K' }).click()
    assert.is(await camera.getByRole('spinbutton', { name: 'Quantity' }).inputValue(), '2')
    await camera.getByRole('button', { name: 'Add to cart' }).click()
    await camera.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'LTE Panel Antenna' }).click()
    await page.getByRole('dialog', { name: 'LTE Panel Antenna' }).getByRole('button', { name: 'Add to cart' }).click()

    await page.getByRole('button', { name: 'Cart, 3 items' }).click()
    const cart = page.getByRole('dialog', { name: 'Cart' })
    await cart.getByText('$661.30').waitFor()
    await cart.getByText('$750.30').waitFor()
    assert.equal(await violations(page), [], 'the cart')
    await cart.getByRole('link', { name: 'Checkout' }).click()
    await page.waitForURL(`${BASE}/app/pages/checkout`)
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor()

    const steps = page.getByRole('list', { name: 'Checkout steps' })
    assert.is(await steps.locator('[aria-current="step"]').textContent(), '1Address')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Required').first().waitFor()
    assert.is(await page.getByText('Required', { exact: true }).count(), 6)
    assert.equal(await violations(page), [], 'the address with its errors')

    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Okafor')
    await page.getByLabel('Address line 1').fill('Hafenstraße 12')
    await page.getByLabel('City').fill('Hamburg')
    await page.getByLabel('ZIP or postal code').fill('20457')
    await page.getByLabel('Country').fill('Germany')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { name: 'Payment', level: 2 }).waitFor()

    await page.getByLabel('Name on card').fill('Ada Okafor')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1299')
    assert.is(await page.getByLabel('Expiry date (MM/YY)').inputValue(), '12/99')
    await page.getByLabel('CVV').fill('123')
    await page.getByRole('button', { name: 'Next' }).click()

    const review = page.getByRole('region', { name: 'Review' })
    await review.waitFor()
    assert.is(await steps.locator('[aria-current="step"]').textContent(), '3Review')
    await review.getByText('$750.30').waitFor()
    await review.getByText('Card ending in 4242').waitFor()
    await review.getByText('20457 Hamburg').waitFor()
    assert.equal(await violations(page), [], 'the review')
    await page.getByRole('button', { name: 'Place order' }).click()

    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
    assert.match((await page.getByText(/^Your order number is /).textContent()) ?? '', /^Your order number is EL-\d{8}\.$/)
    await page.getByRole('link', { name: 'Continue shopping' }).click()
    await page.waitForURL(`${BASE}/app/pages/products`)
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor()
    await context.close()
  })
}

test.run()
