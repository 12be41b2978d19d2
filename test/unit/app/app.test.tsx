import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanup, render, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { App } from '../../../src/app/app'
import { $serverDown, $session, initialSession, type SessionState } from '../../../src/stores/session'
import { createUser } from '../contract/factories'

const signedOut = (): SessionState => ({ ...initialSession(), loggedIn: false })
const unknown = (): SessionState => initialSession()
const signedIn = (): SessionState => {
  const user = createUser({ name: 'Ada Lovelace' })
  return { ...initialSession(), loggedIn: true, user, uid: user.id }
}

/** Renders the console at `path` over an in-memory location that records every navigation. */
function visit(path: string, session: SessionState) {
  $session.set(session)
  const memory = memoryLocation({ path, record: true })
  const view = render(
    <Router hook={memory.hook}>
      <App />
    </Router>,
  )
  return { ...view, history: memory.history as string[] }
}

/** Waits until the memory location has settled on `path` (and stays there). */
const arrivesAt = async (history: string[], path: string) => {
  await waitFor(() => assert.is(history.at(-1), path))
}

test.before.each(() => {
  $serverDown.set(false)
  $session.set(initialSession())
})

test.after.each(() => {
  cleanup()
})

test('sends a signed-out visitor at /app/home to sign in with next', async () => {
  const { history, findByRole } = visit('/app/home', signedOut())
  await arrivesAt(history, '/login?next=%2Fapp%2Fhome')
  assert.equal(history, ['/login?next=%2Fapp%2Fhome'])
  assert.is((await findByRole('heading', { level: 1 })).textContent, 'Sign in to your console')
})

test('keeps the query of the page a signed-out visitor asked for', async () => {
  const { history } = visit('/app/home?tab=rights', signedOut())
  await arrivesAt(history, '/login?next=%2Fapp%2Fhome%3Ftab%3Drights')
})

test('sends a signed-out visitor at /app to sign in with next=/app', async () => {
  const { history } = visit('/app', signedOut())
  await arrivesAt(history, '/login?next=%2Fapp')
})

test('shows Authenticating... while the sign-in state is unknown', async () => {
  const { history, getByRole } = visit('/app/home', unknown())
  assert.is(getByRole('status').textContent, 'Authenticating...')
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(history, ['/app/home'])
})

test('shows the screen once the session is known', async () => {
  const { findByRole, queryByText } = visit('/app/home', unknown())
  assert.ok(queryByText('Authenticating...'))
  const user = createUser({ name: 'Grace Hopper' })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  await findByRole('heading', { name: 'Hello, Grace Hopper' })
  assert.is(queryByText('Authenticating...'), null)
})

test('shows the home screen to a signed-in user at /app/home', async () => {
  const { history, findByRole } = visit('/app/home', signedIn())
  await findByRole('heading', { name: 'Hello, Ada Lovelace' })
  assert.equal(history, ['/app/home'])
})

test('falls back to the home screen for an unknown /app path', async () => {
  const { history, findByRole } = visit('/app/nowhere/at/all', signedIn())
  await findByRole('heading', { name: 'Hello, Ada Lovelace' })
  assert.equal(history, ['/app/nowhere/at/all'])
})

test('sends a signed-in user on /login to next', async () => {
  const { history } = visit('/login?next=/app/home', signedIn())
  await arrivesAt(history, '/app/home')
  assert.equal(history, ['/app/home'])
})

test('sends a signed-in user on /login with next=//evil.example to /app', async () => {
  const { history } = visit('/login?next=//evil.example', signedIn())
  await arrivesAt(history, '/app')
  assert.equal(history, ['/app'])
})

test('sends a signed-in user on /login with an absolute next to /app', async () => {
  const { history } = visit(`/login?next=${encodeURIComponent('https://evil.example/app')}`, signedIn())
  await arrivesAt(history, '/app')
})

for (const path of ['/', '/register', '/reset-password', '/login-firebase', '/register-firebase']) {
  test(`sends a signed-in user on ${path} to /app`, async () => {
    const { history } = visit(path, signedIn())
    await arrivesAt(history, '/app')
    assert.equal(history, ['/app'])
  })
}

test('shows the sign-in screen to a signed-out visitor on /login', async () => {
  const { history, findByRole } = visit('/login?next=/app/home', signedOut())
  assert.is((await findByRole('heading', { level: 1 })).textContent, 'Sign in to your console')
  assert.equal(history, ['/login?next=/app/home'])
})

test('keeps a signed-in user on the terms page', async () => {
  const { history, findByRole } = visit('/terms-conditions', signedIn())
  await findByRole('heading', { level: 1 })
  assert.equal(history, ['/terms-conditions'])
})

test('shows the 404 page for an unknown path', async () => {
  const { history, findByRole } = visit('/no/such/page', signedOut())
  assert.is((await findByRole('heading', { level: 1 })).textContent, 'Oops, Page Not Found :(')
  assert.ok(await findByRole('button', { name: 'Go to Dashboard' }))
  assert.equal(history, ['/no/such/page'])
})

test('shows the 404 page to a signed-in user too', async () => {
  const { findByRole } = visit('/apps', signedIn())
  assert.is((await findByRole('heading', { level: 1 })).textContent, 'Oops, Page Not Found :(')
})

test('renders Authenticating... for /app without a browser', () => {
  $session.set(unknown())
  const html = renderToString(<App ssrPath="/app/home" />)
  assert.match(html, 'Authenticating...')
})

test.run()
