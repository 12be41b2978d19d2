import '../../setup'
import { renderToString } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import ArticleScreen from '../../../../src/demo/article/article-screen'
import { $session, initialSession } from '../../../../src/stores/session'
import { cleanup, descriptionOf, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => {
  cleanup()
  $session.set(initialSession())
})

test('the article: its title, author, date, cover, sections and related posts', () => {
  render(<ArticleScreen />)
  const view = page()
  assert.ok(view.getByRole('heading', { level: 1, name: 'Rolling out firmware to two thousand edge devices without a truck roll' }))
  assert.ok(view.getByText('Mira Okafor'))
  assert.is(view.getByText('November 18, 2026').getAttribute('datetime'), '2026-11-18')
  assert.ok(view.getByRole('img', { name: 'Edge devices linked into a mesh over a range of hills' }))
  assert.equal(
    view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ['Start with a canary ring', 'Keep a maintenance window per site', 'Watch the tunnels, not just the devices', 'Related posts', 'Leave a comment'],
  )
  assert.is(view.getAllByRole('heading', { level: 3 }).length, 3)
})

test('signed out the header offers Register and Sign In; signed in, the way back to the console', () => {
  render(<ArticleScreen />)
  assert.is(page().getByRole('link', { name: 'Register' }).getAttribute('href'), '/register')
  assert.is(page().getByRole('link', { name: 'Sign In' }).getAttribute('href'), '/login')
  assert.is(page().queryByRole('link', { name: 'Back to the console' }), null)
  cleanup()
  $session.set({ ...initialSession(), loggedIn: true })
  render(<ArticleScreen />)
  assert.is(page().getByRole('link', { name: 'Back to the console' }).getAttribute('href'), '/app')
  assert.is(page().queryByRole('link', { name: 'Sign In' }), null)
})

test('the prerendered page is the same, signed in or not, until the session is known', () => {
  const html = renderToString(<ArticleScreen />)
  assert.match(html, 'Sign In')
  assert.match(html, 'Leave a comment')
})

test('the comment form: required fields, Invalid email, and a thank-you on Send', () => {
  render(<ArticleScreen />)
  const view = page()
  const send = view.getByRole('button', { name: 'Send' })
  fireEvent.click(send)
  assert.is(descriptionOf(view.getByLabelText('Name')), 'Required')
  assert.is(descriptionOf(view.getByLabelText('Comment')), 'Required')
  assert.is(view.queryByRole('status'), null)
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'Ada' } })
  fireEvent.change(view.getByLabelText('E-mail'), { target: { value: 'ada@example' } })
  fireEvent.change(view.getByLabelText('Comment'), { target: { value: 'Useful, thanks.' } })
  fireEvent.click(send)
  assert.is(descriptionOf(view.getByLabelText('E-mail')), 'Invalid email')
  assert.is(view.queryByRole('status'), null)
  fireEvent.change(view.getByLabelText('E-mail'), { target: { value: 'ada@example.org' } })
  fireEvent.click(send)
  assert.is(view.getByRole('status').textContent, 'Thank you for your comment! In this demo it goes nowhere.')
})

test.run()
