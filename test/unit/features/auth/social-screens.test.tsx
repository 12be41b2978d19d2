import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getToken } from '../../../../src/api/client'
import SocialRegisterScreen from '../../../../src/features/auth/social-register-screen'
import SocialSignInScreen from '../../../../src/features/auth/social-sign-in-screen'
import type { Provider, ProviderId } from '../../../../src/contract/social'
import { $session } from '../../../../src/stores/session'
import { respond, stubFetch, type FetchStub, type Reply } from '../../api/fetch-stub'
import { createAuthAnswer } from '../../contract/factories'
import { cleanup, descriptionOf, fireEvent, renderAt, resetSession, waitFor } from '../helpers'

let stub: FetchStub | undefined
const originalAssign = window.location.assign
let visited: string[] = []

test.before.each(() => {
  resetSession()
  visited = []
  window.location.assign = (url: string | URL) => {
    visited.push(String(url))
  }
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
  window.location.assign = originalAssign
})

const NOT_CONFIGURED = 'Not configured on this server'
const provider = (id: ProviderId, enabled: boolean): Provider => ({
  id,
  name: { google: 'Google', github: 'GitHub', x: 'X' }[id],
  enabled,
  ...(enabled ? {} : { reason: NOT_CONFIGURED }),
})

/** The server's list: Google enabled, the others as `enabled` says. */
const providers = (enabled: Partial<Record<ProviderId, boolean>>): Answer => ({
  status: 200,
  body: (['google', 'github', 'x'] as const).map((id) => provider(id, enabled[id] ?? false)),
})

type Answer = Exclude<Reply, { fail: string }>

/** Answers by address, as the list and the exchange run side by side: `GET /api/auth/providers` -> reply. */
function stubRoutes(routes: Record<string, Answer>): FetchStub {
  const original = globalThis.fetch
  const requests: FetchStub['requests'] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = String(input)
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null
    requests.push({ method, url, authorization: null, body })
    const reply = routes[`${method} ${url}`]
    if (!reply) throw new TypeError(`no route for ${method} ${url}`)
    return respond(reply)
  }) as typeof fetch
  return { requests, restore: () => void (globalThis.fetch = original) }
}

const open = (path: string, list: Reply, exchange?: Answer) => {
  stub =
    'fail' in list ? stubFetch(list) : stubRoutes({ 'GET /api/auth/providers': list, ...(exchange ? { 'POST /api/auth/exchange': exchange } : {}) })
  return renderAt(path, <SocialSignInScreen />)
}

const settled = (view: ReturnType<typeof open>['view']) =>
  waitFor(() => assert.is(view.getByRole('group', { name: 'Sign in with a provider' }).getAttribute('aria-busy'), null))

const buttonsOf = (view: ReturnType<typeof open>['view']) =>
  [...view.getByRole('group', { name: 'Sign in with a provider' }).querySelectorAll('button')].map((button) => [
    button.textContent,
    button.disabled,
    descriptionOf(button),
  ])

test('waits, disabled, until the server names its providers', async () => {
  const { view } = open('/login-firebase', providers({ google: true }))
  assert.is(view.getByRole('group', { name: 'Sign in with a provider' }).getAttribute('aria-busy'), 'true')
  assert.equal(buttonsOf(view), [
    ['Google', true, 'Loading...'],
    ['GitHub', true, 'Loading...'],
    ['X', true, 'Loading...'],
  ])
  await settled(view)
})

test('offers Google, GitHub and X disabled with the reason when none is configured', async () => {
  const { view } = open('/login-firebase', providers({}))
  await settled(view)
  assert.equal(buttonsOf(view), [
    ['Google', true, NOT_CONFIGURED],
    ['GitHub', true, NOT_CONFIGURED],
    ['X', true, NOT_CONFIGURED],
  ])
  assert.ok(view.getByText(NOT_CONFIGURED))
  assert.equal(
    stub?.requests.map(({ method, url }) => `${method} ${url}`),
    ['GET /api/auth/providers'],
  )
})

test('shows enabled providers as buttons and names the disabled ones with their reason', async () => {
  const { view } = open('/login-firebase', providers({ google: true }))
  await waitFor(() => assert.is(view.getByRole('button', { name: 'Google' }).hasAttribute('disabled'), false))
  assert.equal(buttonsOf(view), [
    ['Google', false, null],
    ['GitHub', true, NOT_CONFIGURED],
    ['X', true, NOT_CONFIGURED],
  ])
  assert.ok(view.getByText('GitHub, X:', { exact: false }))
})

test('sends the browser to the provider start with next', async () => {
  const { view } = open('/login-firebase?next=%2Fapp%2Fdevices', providers({ github: true, x: true }))
  const github = await view.findByRole('button', { name: 'GitHub' })
  await waitFor(() => assert.is((github as HTMLButtonElement).disabled, false))
  fireEvent.click(github)
  assert.equal(visited, ['/api/auth/github/start?next=%2Fapp%2Fdevices'])
  assert.is(github.getAttribute('aria-busy'), 'true')
  assert.is((view.getByRole('button', { name: 'X' }) as HTMLButtonElement).disabled, true)
})

test('says why when the providers cannot be loaded', async () => {
  const { view } = open('/login-firebase', { fail: 'connection refused' })
  const reason = 'The server cannot be reached. Check the connection and try again.'
  await waitFor(() => assert.equal(buttonsOf(view), [
    ['Google', true, reason],
    ['GitHub', true, reason],
    ['X', true, reason],
  ]))
})

test('trades ?code= for the session once and takes it out of the address', async () => {
  const { history } = open('/login-firebase?code=one-time-1&next=%2Fapp%2Fdevices', providers({ google: true }), {
    status: 200,
    body: createAuthAnswer({ name: 'Ada Social' }, 'token-from-code'),
  })
  await waitFor(() => assert.is($session.get().loggedIn, true))
  const exchanges = stub?.requests.filter((request) => request.url === '/api/auth/exchange')
  assert.equal(exchanges?.map(({ method, body }) => [method, body]), [['POST', { code: 'one-time-1' }]])
  assert.is(getToken(), 'token-from-code')
  assert.is($session.get().user?.name, 'Ada Social')
  assert.equal(history, ['/login-firebase?next=%2Fapp%2Fdevices'])
})

test('shows the server message when the code is refused', async () => {
  const { view } = open('/login-firebase?code=spent-code', providers({}), {
    status: 400,
    body: { message: 'This sign-in link has expired.' },
  })
  const alert = await view.findByRole('alert')
  assert.match(alert.textContent ?? '', 'This sign-in link has expired.')
  assert.is($session.get().loggedIn, null)
  assert.is(getToken(), null)
  await settled(view)
})

test('shows ?error= as an error banner that closes', async () => {
  const { view, history } = open('/login-firebase?error=auth.social.errors.state&next=%2Fapp', providers({}))
  assert.match(view.getByRole('alert').textContent ?? '', 'Sign-in expired. Try again.')
  fireEvent.click(view.getByRole('button', { name: 'Close message' }))
  assert.is(view.queryByRole('alert'), null)
  assert.equal(history, ['/login-firebase?next=%2Fapp'])
  await settled(view)
})

test('shows a generic message for an error it does not know, never the text of the address', async () => {
  const { view } = open('/login-firebase?error=Call%20this%20number', providers({}))
  const alert = view.getByRole('alert')
  assert.match(alert.textContent ?? '', 'The provider sign-in failed.')
  assert.not.match(alert.textContent ?? '', 'Call this number')
  await settled(view)
})

test('signs in with e-mail on the alternative screen, with the same validation', async () => {
  const { view } = open('/login-firebase', providers({}))
  fireEvent.click(view.getByRole('button', { name: 'Sign in' }))
  assert.is(descriptionOf(view.getByLabelText('E-mail')), 'Required')
  assert.is(view.getByRole('link', { name: 'Create an account' }).getAttribute('href'), '/register-firebase')
  await settled(view)
})

test('registers with e-mail on the alternative screen, with the providers first', async () => {
  stub = stubRoutes({ 'GET /api/auth/providers': providers({ x: true }) })
  const { view } = renderAt('/register-firebase', <SocialRegisterScreen />)
  await waitFor(() => assert.is((view.getByRole('button', { name: 'X' }) as HTMLButtonElement).disabled, false))
  fireEvent.change(view.getByLabelText('Password'), { target: { value: 'correct horse' } })
  fireEvent.change(view.getByLabelText('Confirm password'), { target: { value: 'something else' } })
  fireEvent.blur(view.getByLabelText('Confirm password'))
  assert.is(descriptionOf(view.getByLabelText('Confirm password')), 'Passwords dont match')
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/login-firebase')
})

test.run()
