import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearToken, getToken, setApiHost, setToken } from '../../../src/api/client'
import { sendRevocations } from '../../../src/stores/revocations'
import { $serverDown, $session, hideMessage, initialSession, logout, RESET_SENT, syncUser, type SessionState } from '../../../src/stores/session'
import { login, loginWithEmail, passwordForget, registerWithEmail } from '../../../src/stores/sign-in'
import { stubFetch, type FetchStub } from '../api/fetch-stub'
import { createAuthAnswer, createUser } from '../contract/factories'

let stub: FetchStub | undefined
let stopListening: (() => void) | undefined
let events: Pick<SessionState, 'loading' | 'loggedIn' | 'uid' | 'message'>[] = []

/** Records every change of `$session` (the parts that describe the lifecycle). */
const record = () => {
  stopListening?.()
  events = []
  stopListening = $session.listen((value) =>
    events.push({ loading: value.loading, loggedIn: value.loggedIn, uid: value.uid, message: value.message }),
  )
}

const signIn = (id = 'u-1') => {
  const user = createUser({ id })
  setToken('token-1')
  $session.set({ ...initialSession(), loggedIn: true, user, uid: id })
  return user
}

test.before.each(() => {
  setApiHost(undefined)
  clearToken()
  localStorage.clear()
  $session.set(initialSession())
  $serverDown.set(false)
  record()
})

test.after.each(() => {
  stub?.restore()
  stub = undefined
  stopListening?.()
  stopListening = undefined
})

test('loginWithEmail stores the token under axe and sends it as Bearer on the next call', async () => {
  const answer = createAuthAnswer({ id: 'u-9' }, 'tok-9')
  stub = stubFetch({ status: 200, body: answer }, { status: 200, body: createUser({ id: 'u-9' }) })

  const ok = await loginWithEmail({ email: 'ada@example.com', password: 'secret-pass' })
  await syncUser()

  assert.is(ok, true)
  assert.is(localStorage.getItem('axe'), 'tok-9')
  assert.is(getToken(), 'tok-9')
  assert.equal(stub.requests, [
    { method: 'POST', url: '/api/login/users/', authorization: null, body: { email: 'ada@example.com', password: 'secret-pass' } },
    { method: 'GET', url: '/api/users/self', authorization: 'Bearer tok-9', body: null },
  ])
  assert.equal(events, [
    { loading: true, loggedIn: null, uid: null, message: null },
    { loading: false, loggedIn: true, uid: 'u-9', message: null },
    { loading: false, loggedIn: true, uid: 'u-9', message: null },
  ])
})

test('loginWithEmail keeps the user without its auth_key', async () => {
  stub = stubFetch({ status: 200, body: createAuthAnswer({ id: 'u-3' }, 'tok-3') })
  await loginWithEmail({ email: 'ada@example.com', password: 'secret-pass' })
  assert.equal($session.get().user, createUser({ id: 'u-3' }))
})

test('loginWithEmail stores the message of a refused sign-in', async () => {
  $session.set({ ...initialSession(), loggedIn: false })
  record()
  stub = stubFetch({ status: 401, body: { message: 'Wrong e-mail or password' } })

  const ok = await loginWithEmail({ email: 'ada@example.com', password: 'wrong-pass' })

  assert.is(ok, false)
  assert.is(localStorage.getItem('axe'), null)
  assert.equal(events, [
    { loading: true, loggedIn: false, uid: null, message: null },
    { loading: false, loggedIn: false, uid: null, message: 'Wrong e-mail or password' },
  ])
})

test('loginWithEmail gives a message when the network fails', async () => {
  stub = stubFetch({ fail: 'fetch failed' })

  const ok = await loginWithEmail({ email: 'ada@example.com', password: 'secret-pass' })

  assert.is(ok, false)
  const { message, loading, loggedIn } = $session.get()
  assert.equal({ loading, loggedIn }, { loading: false, loggedIn: null })
  assert.is(message, 'session.unreachable')
  assert.is(localStorage.getItem('axe'), null)
})

test('loginWithEmail treats a 200 without a user as information not found', async () => {
  stub = stubFetch({ status: 200, body: { message: 'Signed in' } })

  assert.is(await loginWithEmail({ email: 'ada@example.com', password: 'secret-pass' }), false)

  assert.equal(events.at(-1), { loading: false, loggedIn: null, uid: null, message: 'session.notFound' })
  assert.is(getToken(), null)
})

test('registerWithEmail signs in with the new account', async () => {
  stub = stubFetch({ status: 201, body: createAuthAnswer({ id: 'u-new' }, 'tok-new') })

  const ok = await registerWithEmail({ name: 'Ada', email: 'ada@example.com', password: 'secret-pass' })

  assert.is(ok, true)
  assert.is(localStorage.getItem('axe'), 'tok-new')
  assert.equal(stub.requests, [
    {
      method: 'POST',
      url: '/api/register/',
      authorization: null,
      body: { name: 'Ada', email: 'ada@example.com', password: 'secret-pass' },
    },
  ])
  assert.equal(events, [
    { loading: true, loggedIn: null, uid: null, message: null },
    { loading: false, loggedIn: true, uid: 'u-new', message: null },
  ])
})

test('registerWithEmail stores the message of a taken address', async () => {
  stub = stubFetch({ status: 409, body: { message: 'An account with this e-mail already exists' } })

  assert.is(await registerWithEmail({ name: 'Ada', email: 'ada@example.com', password: 'secret-pass' }), false)

  assert.equal(events, [
    { loading: true, loggedIn: null, uid: null, message: null },
    { loading: false, loggedIn: null, uid: null, message: 'An account with this e-mail already exists' },
  ])
})

test('login completes a social sign-in through its exchange', async () => {
  stub = stubFetch({ status: 200, body: createAuthAnswer({ id: 'u-social' }, 'tok-social') })
  const { signIn } = await import('../../../src/api/auth')

  const ok = await login(() => signIn({ email: 'ada@example.com', password: 'from-provider' }))

  assert.is(ok, true)
  assert.is(localStorage.getItem('axe'), 'tok-social')
  assert.equal(events, [
    { loading: true, loggedIn: null, uid: null, message: null },
    { loading: false, loggedIn: true, uid: 'u-social', message: null },
  ])
})

test('login stores the failure of the exchange', async () => {
  const ok = await login(async () => ({ ok: false, status: 0, message: 'Popup closed' }))
  assert.is(ok, false)
  assert.equal(events.at(-1), { loading: false, loggedIn: null, uid: null, message: 'Popup closed' })
})

test('passwordForget leaves the reset-sent message', async () => {
  stub = stubFetch({ status: 200, body: { message: 'If an account exists for this address, a reset link is on its way' } })

  const ok = await passwordForget('ada@example.com')

  assert.is(ok, true)
  assert.equal(stub.requests, [
    { method: 'POST', url: '/api/password/forgot', authorization: null, body: { email: 'ada@example.com' } },
  ])
  assert.equal(events, [
    { loading: true, loggedIn: null, uid: null, message: null },
    { loading: false, loggedIn: null, uid: null, message: RESET_SENT },
  ])
})

test('passwordForget stores the message of a failure', async () => {
  stub = stubFetch({ status: 400, body: { message: 'Some fields are not valid', errors: { email: 'Invalid email' } } })

  assert.is(await passwordForget('nope'), false)

  assert.equal(events.at(-1), { loading: false, loggedIn: null, uid: null, message: 'Some fields are not valid' })
})

test('hideMessage clears the message', () => {
  $session.setKey('message', 'Wrong e-mail or password')
  hideMessage()
  assert.is($session.get().message, null)
})

test('logout clears local storage, signs out and ends the session on the server', async () => {
  signIn()
  localStorage.setItem('settings', 'dark')
  record()
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })

  const ok = await logout()
  await sendRevocations()

  assert.is(ok, true)
  assert.equal(stub.requests, [{ method: 'POST', url: '/api/logout', authorization: 'Bearer token-1', body: null }])
  assert.is(localStorage.length, 0)
  assert.is(getToken(), null)
  assert.is($session.get().user, null)
  assert.equal(events, [
    { loading: true, loggedIn: true, uid: 'u-1', message: null },
    { loading: false, loggedIn: false, uid: null, message: null },
  ])
})

test('logout leaves nothing waiting when the server no longer knows the token', async () => {
  signIn()
  record()
  stub = stubFetch({ status: 401, body: { message: 'Sign in to continue' } })

  assert.is(await logout(), true)
  await sendRevocations()

  assert.is(localStorage.length, 0)
  assert.equal(events.at(-1), { loading: false, loggedIn: false, uid: null, message: null })
})

test('logout signs out at once on a server error, the session waiting to be ended on the server', async () => {
  signIn()
  record()
  stub = stubFetch({ status: 500, body: { message: 'Something went wrong on the server' } })

  assert.is(await logout(), true)
  await sendRevocations()

  assert.equal(events, [
    { loading: true, loggedIn: true, uid: 'u-1', message: null },
    { loading: false, loggedIn: false, uid: null, message: null },
  ])
  assert.is(localStorage.getItem('axe'), null)
  assert.is(localStorage.getItem('console:revoke'), '["token-1"]')
  stub.restore()
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })
  await sendRevocations()
  assert.is(localStorage.getItem('console:revoke'), null)
})

test('syncUser without a token signs out without any request', async () => {
  stub = stubFetch({ status: 200, body: createUser() })

  await syncUser()

  assert.equal(stub.requests, [])
  assert.equal(events, [{ loading: false, loggedIn: false, uid: null, message: null }])
})

test('syncUser with a valid token sets the user', async () => {
  setToken('token-1')
  const user = createUser({ id: 'u-5', rights: ['devices'] })
  stub = stubFetch({ status: 200, body: user })

  await syncUser()

  assert.equal(stub.requests, [{ method: 'GET', url: '/api/users/self', authorization: 'Bearer token-1', body: null }])
  assert.equal($session.get().user, user)
  assert.equal(events, [{ loading: false, loggedIn: true, uid: 'u-5', message: null }])
  assert.is($serverDown.get(), false)
})

test('syncUser with a refused token clears it and signs out', async () => {
  setToken('stale')
  stub = stubFetch({ status: 401, body: { message: 'Sign in to continue' } })

  await syncUser()

  assert.is(getToken(), null)
  assert.is(localStorage.getItem('axe'), null)
  assert.equal(events, [{ loading: false, loggedIn: false, uid: null, message: null }])
  assert.is($serverDown.get(), false)
})

for (const [name, reply] of [
  ['a server error', { status: 500, body: { message: 'Something went wrong on the server' } }],
  ['a bad gateway without JSON', { status: 502, text: '<html>Bad Gateway</html>' }],
  ['a network error', { fail: 'fetch failed' }],
] as const) {
  test(`syncUser marks the server down on ${name} and keeps the token`, async () => {
    setToken('token-1')
    const down: boolean[] = []
    const stop = $serverDown.listen((value) => down.push(value))
    stub = stubFetch(reply)

    await syncUser()
    stop()

    assert.equal(down, [true])
    assert.equal(events, [])
    assert.is(getToken(), 'token-1')
  })
}

test('syncUser clears the server-down mark once the server answers', async () => {
  setToken('token-1')
  $serverDown.set(true)
  stub = stubFetch({ status: 200, body: createUser() })

  await syncUser()

  assert.is($serverDown.get(), false)
  assert.is($session.get().loggedIn, true)
})

test.run()
