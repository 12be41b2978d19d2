import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fs from 'node:fs'
import billingTexts from '../../../../locales/billing/en.json'
import { CAP_KINDS, OVERAGE_CENTS_PER_GB, PLANS, formatMoney, formatPrice } from '../../../../src/contract/plans'
import { formatBytes } from '../../../../src/ui/numbers'
import LandingScreen from '../../../../src/features/landing/landing-screen'
import { LOCALES } from '../../../../src/stores/locale'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, renderAt, resetSession } from '../helpers'

test.before.each(() => resetSession())
test.after.each(() => cleanup())

const open = () => renderAt('/landing', <LandingScreen />).view

const linksOf = (element: HTMLElement) =>
  [...element.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])

test('has the anchors of every section, each with its heading', () => {
  open()
  for (const id of ['banner', 'feature', 'showcase', 'tech', 'testimonials', 'pricing', 'contact']) {
    const section = document.getElementById(id)
    assert.ok(section, `#${id}`)
    assert.is(section?.tagName, 'SECTION', `#${id}`)
    assert.ok(section?.querySelector('h1, h2')?.textContent, `#${id} heading`)
  }
  assert.is(document.querySelectorAll('h1').length, 1)
})

test('shows every text from the locale file, never a bare key', () => {
  open()
  assert.not.match(document.body.textContent ?? '', /landing\.\w/)
  assert.not.match(document.body.innerHTML, /aria-label="landing\./)
})

test('links the main sections in the header, with Register and Sign In', () => {
  const view = open()
  assert.equal(linksOf(view.getByRole('navigation', { name: 'Sections' })), [
    ['Feature', '#feature'],
    ['Showcase', '#showcase'],
    ['Technology', '#tech'],
    ['Contact', '#contact'],
  ])
  assert.is(view.getAllByRole('link', { name: 'Register' })[0]?.getAttribute('href'), '/register')
  assert.is(view.getByRole('link', { name: 'Sign In' }).getAttribute('href'), '/login')
})

test('lists every section, testimonials and pricing included, in the mobile menu', () => {
  const view = open()
  const toggle = view.getByRole('button', { name: 'Menu' })
  assert.is(toggle.getAttribute('aria-expanded'), 'false')
  assert.is(view.queryByRole('navigation', { name: 'Menu' }), null)

  fireEvent.click(toggle)
  assert.is(toggle.getAttribute('aria-expanded'), 'true')
  const menu = view.getByRole('navigation', { name: 'Menu' })
  assert.is(toggle.getAttribute('aria-controls'), menu.id)
  assert.equal(linksOf(menu), [
    ['Home', '#banner'],
    ['Feature', '#feature'],
    ['Showcase', '#showcase'],
    ['Technology', '#tech'],
    ['Testimonials', '#testimonials'],
    ['Pricing', '#pricing'],
    ['Contact', '#contact'],
    ['Register', '/register'],
  ])
  for (const [, href] of linksOf(menu).filter(([, href]) => href?.startsWith('#'))) {
    assert.ok(document.querySelector(href ?? ''), `${href} exists`)
  }
})

test('closes the mobile menu on a chosen section, on Esc and on a second press', () => {
  const view = open()
  const toggle = view.getByRole('button', { name: 'Menu' })
  fireEvent.click(toggle)
  fireEvent.click(view.getByRole('link', { name: 'Pricing' }))
  assert.is(toggle.getAttribute('aria-expanded'), 'false')

  fireEvent.click(toggle)
  fireEvent.keyDown(document, { key: 'Escape' })
  assert.is(toggle.getAttribute('aria-expanded'), 'false')
  assert.is(document.activeElement, toggle)

  fireEvent.click(toggle)
  fireEvent.click(toggle)
  assert.is(view.queryByRole('navigation', { name: 'Menu' }), null)
})

test('has social links with names and the brand footer', () => {
  const view = open()
  const social = view.getByRole('navigation', { name: 'Follow us' })
  assert.equal(
    [...social.querySelectorAll('a')].map((link) => [link.getAttribute('aria-label'), new URL(link.href).hostname]),
    [
      ['GitHub', 'github.com'],
      ['X', 'x.com'],
      ['LinkedIn', 'www.linkedin.com'],
    ],
  )
  assert.match(view.getByRole('contentinfo').textContent ?? '', 'Edgeline Console · All Rights Reserved')
})

test('offers the plans the server enforces, with their prices, limits, overage and caps', () => {
  const view = open()
  const pricing = document.getElementById('pricing') as HTMLElement
  const cards = [...pricing.querySelectorAll<HTMLElement>('[data-plan]')]
  assert.equal(
    cards.map((card) => card.dataset.plan),
    PLANS.map((plan) => plan.name),
  )
  const billingEn = billingTexts.billing
  for (const [index, plan] of PLANS.entries()) {
    const card = cards[index]!
    const text = card.textContent ?? ''
    assert.is(card.querySelector('h3')?.textContent, billingEn.planName[plan.name])
    assert.match(text, formatPrice(plan.price_cents))
    assert.match(text, `Up to ${plan.limits.devices.toLocaleString('en')} devices`)
    assert.match(text, `${plan.limits.tunnels.toLocaleString('en')} tunnels`)
    assert.match(text, `${formatBytes(plan.limits.traffic_bytes)} of traffic a month`)
    assert.match(text, `then ${formatMoney(OVERAGE_CENTS_PER_GB)} per GB`)
    for (const kind of CAP_KINDS) assert.match(text, `${plan.caps[kind].toLocaleString('en')} ${billingEn.cap[kind].toLowerCase()}`)
    assert.is(within(card).getByRole('link', { name: `Start with ${billingEn.planName[plan.name]}` }).getAttribute('href'), '/register')
  }
  assert.not.match(pricing.textContent ?? '', /Fleet|Custom|Unlimited/)
  assert.is(view.getByRole('link', { name: 'Talk to us' }).getAttribute('href'), '#contact')
})

test('names each plan as the billing screen does, in every language', () => {
  for (const locale of LOCALES) {
    const landing = JSON.parse(fs.readFileSync(`locales/landing/${locale}.json`, 'utf8')).landing.pricing.planName
    const billing = JSON.parse(fs.readFileSync(`locales/billing/${locale}.json`, 'utf8')).billing.planName
    assert.equal(landing, billing, locale)
  }
})

test.run()
