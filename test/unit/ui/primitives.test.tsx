import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AuthLayout } from '../../../src/ui/auth-layout'
import { Banner } from '../../../src/ui/banner'
import { Button } from '../../../src/ui/button'
import { Spinner } from '../../../src/ui/spinner'
import { Splash } from '../../../src/ui/splash'
import { cleanup, fireEvent, page, render } from './testing'

test.after.each(() => cleanup())

test('announces an error banner as an alert and closes it with its button', () => {
  const closed: string[] = []
  render(
    <Banner variant="error" onClose={() => closed.push('error')}>
      Wrong e-mail or password
    </Banner>,
  )
  const view = page()
  assert.is(view.getByRole('alert').textContent, 'Wrong e-mail or password')
  fireEvent.click(view.getByRole('button', { name: 'Close message' }))
  assert.equal(closed, ['error'])
})

test('announces the other banners politely and has no close button without onClose', () => {
  render(
    <>
      <Banner variant="success">Saved</Banner>
      <Banner variant="warning">Careful</Banner>
      <Banner variant="info">Note</Banner>
    </>,
  )
  const view = page()
  assert.equal(
    view.getAllByRole('status').map((banner) => banner.textContent),
    ['Saved', 'Careful', 'Note'],
  )
  assert.is(view.queryByRole('alert'), null)
  assert.is(view.queryByRole('button'), null)
})

test('disables a busy button and marks it busy', () => {
  const clicks: string[] = []
  render(
    <>
      <Button onClick={() => clicks.push('idle')}>Idle</Button>
      <Button busy onClick={() => clicks.push('busy')}>
        Working
      </Button>
    </>,
  )
  const view = page()
  const busy = view.getByRole('button', { name: 'Working' }) as HTMLButtonElement
  assert.is(busy.disabled, true)
  assert.is(busy.getAttribute('aria-busy'), 'true')
  assert.is(busy.getAttribute('type'), 'button')
  fireEvent.click(busy)
  fireEvent.click(view.getByRole('button', { name: 'Idle' }))
  assert.equal(clicks, ['idle'])
})

test('labels the spinner for screen readers', () => {
  render(<Spinner />)
  assert.is(page().getByRole('status').textContent, 'Loading...')
})

test('shows Authenticating... on the splash screen', () => {
  render(<Splash />)
  assert.is(page().getByRole('status').textContent, 'Authenticating...')
})

test('frames public screens with the brand, a title and All Rights Reserved', () => {
  render(
    <AuthLayout title="Sign in">
      <p>Form</p>
    </AuthLayout>,
  )
  const view = page()
  assert.ok(view.getByRole('heading', { level: 1, name: 'Sign in' }))
  assert.ok(view.getByText('Edgeline Console'))
  assert.match(view.getByRole('contentinfo').textContent ?? '', 'All Rights Reserved')
})

test.run()
