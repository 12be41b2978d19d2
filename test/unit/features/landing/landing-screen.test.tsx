import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import LandingScreen from '../../../../src/features/landing/landing-screen'
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

test('offers the plans with their prices', () => {
  const view = open()
  const pricing = document.getElementById('pricing') as HTMLElement
  assert.equal(
    [...pricing.querySelectorAll('h3')].map((heading) => heading.textContent),
    ['Free', 'Team', 'Fleet'],
  )
  assert.is(view.getByRole('link', { name: 'Start with Team' }).getAttribute('href'), '/register')
  assert.is(view.getByRole('link', { name: 'Talk to us' }).getAttribute('href'), '#contact')
})

test.run()
