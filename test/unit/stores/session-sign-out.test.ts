import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearToken, getToken, setApiHost, setToken } from '../../../src/api/client'
import { KEPT_USER_KEY } from '../../../src/api/storage-keys'
import { keepAnswer, keptAnswer } from '../../../src/lib/kept-answers'
import { shelfOf } from '../../../src/stores/kept'
import { $outbox, keepUnsent } from '../../../src/stores/outbox'
import { PREFERENCES_KEY } from '../../../src/stores/preferences'
import { pendingRevocations, sendRevocations } from '../../../src/stores/revocations'
import { $offline, $serverDown, $session, initialSession, logout, resumeSession, type SessionState } from '../../../src/stores/session'
import { stubFetch, type FetchStub, type Reply } from '../api/fetch-stub'
import { createUser } from '../contract/factories'

let stub: FetchStub | undefined
let stopListening: (() => void) | undefined
let events: Pick<SessionState, 'loading' | 'loggedIn' | 'uid'>[] = []

const SCOPE = 'u-1:o-1'
const REVOKE = 'console:revoke'
const NO_LINK: Reply = { fail: 'fetch failed' }

const record = () => {
  stopListening?.()
  events = []
  stopListening = $session.listen((value) => events.push({ loading: value.loading, loggedIn: value.loggedIn, uid: value.uid }))
}

const answer = (reply: Reply) => {
  stub?.restore()
  stub = stubFetch(reply)
  return stub
}

/** Waits, a bounded number of turns, for what a store sends by itself in the background. */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 1000 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 1))
}

const linkBack = () => window.dispatchEvent(new Event('online'))

/** A kiosk as the first user left it: signed in, their user and answers kept, a change in the outbox. */
function signedInWithKept() {
  const user = createUser({ id: 'u-1', rights: ['devices'] })
  setToken('token-1')
  localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user))
  localStorage.setItem(PREFERENCES_KEY, '{"type":"dark"}')
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  for (let page = 1; page <= 7; page++) keepAnswer(SCOPE, `list:devices:page=${page}`, { rows: [{ id: `d-${page}` }], total: 7 })
  keepUnsent({ key: 'k-1', method: 'PUT', path: '/devices/d-1', body: { name: 'Renamed' }, what: { collection: 'devices', name: 'Renamed' } })
  record()
}

test.before.each(() => {
  setApiHost(undefined)
  clearToken()
  localStorage.clear()
  $outbox.set([])
  $session.set(initialSession())
  $serverDown.set(false)
  $offline.set(false)
  record()
})

test.after.each(async () => {
  // Nothing is left waiting for the next test's link.
  answer({ status: 200, body: { message: 'Signed out' } })
  await sendRevocations()
  stub?.restore()
  stub = undefined
  stopListening?.()
  stopListening = undefined
})

test('logout with no link wipes the token, the kept user, the kept answers and the outbox at once', async () => {
  signedInWithKept()
  answer(NO_LINK)

  assert.is(await logout(), true)

  assert.is(getToken(), null)
  assert.equal(Object.keys(localStorage).sort(), [PREFERENCES_KEY, REVOKE], 'only the device preferences and the token to revoke stay')
  assert.equal(JSON.parse(localStorage.getItem(REVOKE) ?? '[]'), ['token-1'])
  assert.is(keptAnswer(SCOPE, 'list:devices:page=1'), undefined)
  assert.equal($outbox.get(), [])
  assert.is($session.get().user, null)
  assert.equal(events, [
    { loading: true, loggedIn: true, uid: 'u-1' },
    { loading: false, loggedIn: false, uid: null },
  ])
})

test('a reload after signing out with no link opens signed out, and asks no one who the old token is', async () => {
  signedInWithKept()
  const seen = answer(NO_LINK)
  await logout()

  $session.set(initialSession())
  record()
  await resumeSession()

  assert.equal(events, [{ loading: false, loggedIn: false, uid: null }])
  assert.is($offline.get(), false)
  assert.not.ok(seen.requests.some((request) => request.method === 'GET'), 'no GET carries the old token')
})

test('the session ends on the server once the link is back, with the old token, and nothing waits after', async () => {
  signedInWithKept()
  answer(NO_LINK)
  await logout()

  await sendRevocations()
  const seen = answer({ status: 200, body: { message: 'Signed out' } })
  linkBack()
  await until(() => localStorage.getItem(REVOKE) === null)

  assert.equal(seen.requests, [{ method: 'POST', url: '/api/logout', authorization: 'Bearer token-1', body: null }])
  assert.is(localStorage.getItem(REVOKE), null)
  assert.is(getToken(), null)
})

test('a revocation the server cannot take yet waits for the next try; a token it no longer knows is done', async () => {
  signedInWithKept()
  const busy = answer({ status: 503, body: { message: 'Busy' } })
  await logout()
  await sendRevocations()
  assert.is(busy.requests.length, 1)
  assert.equal(pendingRevocations(), ['token-1'], 'kept after a 503')

  const seen = answer({ status: 401, body: { message: 'Sign in to continue' } })
  linkBack()
  await sendRevocations()
  assert.equal(seen.requests.map((request) => request.authorization), ['Bearer token-1'])
  assert.equal(pendingRevocations(), [])
  assert.is(localStorage.getItem(REVOKE), null)
})

test('each start of the console sends what waits to be revoked', async () => {
  signedInWithKept()
  answer(NO_LINK)
  await logout()
  await sendRevocations()

  const seen = answer({ status: 200, body: { message: 'Signed out' } })
  $session.set(initialSession())
  await resumeSession()
  await until(() => pendingRevocations().length === 0)
  assert.equal(seen.requests.map((request) => [request.method, request.url, request.authorization]), [['POST', '/api/logout', 'Bearer token-1']])
  assert.equal(pendingRevocations(), [])
})

test('the next user signing in keeps the last one\'s token waiting to be revoked, and is not signed in by it', async () => {
  signedInWithKept()
  answer(NO_LINK)
  await logout()

  setToken('token-2')
  assert.equal(JSON.parse(localStorage.getItem(REVOKE) ?? '[]'), ['token-1'])
  assert.is(getToken(), 'token-2')
})

test('a save answered after the sign-out keeps nothing in the outbox', async () => {
  signedInWithKept()
  answer(NO_LINK)
  await logout()

  keepUnsent({ key: 'k-2', method: 'PUT', path: '/devices/d-2', body: { name: 'Late' }, what: { collection: 'devices', name: 'Late' } })

  assert.equal($outbox.get(), [])
  assert.is(localStorage.getItem('console:outbox'), null)
})

test('an answer asked for before the sign-out and arriving after it is not kept', async () => {
  signedInWithKept()
  const shelf = shelfOf<{ rows: unknown[] }>('list:users:page=1')
  answer(NO_LINK)
  await logout()

  shelf.keep({ rows: [{ id: 'u-2' }] })

  assert.is(keptAnswer(SCOPE, 'list:users:page=1'), undefined)
  assert.equal(Object.keys(localStorage).filter((key) => key.startsWith('console:kept:')), [])
})

test('signing out on a console offline on its kept user leaves it offline no more', async () => {
  signedInWithKept()
  $offline.set(true)
  answer(NO_LINK)
  await logout()
  assert.is($offline.get(), false)
})

test('a sign-out in another tab of this browser signs this one out too', () => {
  signedInWithKept()
  // The other tab wiped local storage (its sign-out); this tab hears of it as a storage event.
  localStorage.removeItem('axe')
  window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, oldValue: null }))

  assert.is(getToken(), null)
  assert.equal($outbox.get(), [])
  assert.equal(events, [{ loading: false, loggedIn: false, uid: null }])
})

test.run()
