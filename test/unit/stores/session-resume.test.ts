import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearToken, getToken, setApiHost, setToken } from '../../../src/api/client'
import { KEPT_USER_KEY } from '../../../src/api/storage-keys'
import { keepAnswer, keptAnswer } from '../../../src/lib/kept-answers'
import { $checking, $offline, $serverDown, $session, initialSession, resumeSession } from '../../../src/stores/session'
import { takeEnded } from '../../../src/stores/session-end'
import type { User } from '../../../src/contract/user'
import { stubFetch, type FetchStub } from '../api/fetch-stub'
import { createUser } from '../contract/factories'

let stub: FetchStub | undefined
let stopListening: (() => void) | undefined
let events: { loggedIn: boolean | null; uid: string | null; rights: readonly string[] | null }[] = []

const SCOPE = 'u-5:o-1'
const LIST = 'list:devices:page=1'

/** Records every change of `$session`: who is signed in, with which rights. */
const record = () => {
  stopListening?.()
  events = []
  stopListening = $session.listen((value) => events.push({ loggedIn: value.loggedIn, uid: value.uid, rights: value.user?.rights ?? null }))
}

/** The state a visit left: the token, the user as last read and one list answer kept for them. */
const keptVisit = (user: User = createUser({ id: 'u-5', rights: ['devices'] })) => {
  setToken('token-5')
  localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user))
  keepAnswer(SCOPE, LIST, { rows: [{ id: 'd-1' }], total: 1 })
  return user
}

test.before.each(() => {
  setApiHost(undefined)
  clearToken()
  localStorage.clear()
  $session.set(initialSession())
  $serverDown.set(false)
  $offline.set(false)
  $checking.set(false)
  record()
})

test.after.each(() => {
  stub?.restore()
  stub = undefined
  stopListening?.()
  stopListening = undefined
})

test('resumeSession draws on the kept user at once, then the live user takes its place', async () => {
  keptVisit()
  stub = stubFetch({ status: 200, body: createUser({ id: 'u-5', rights: ['users'], name: 'Ada Byron' }) })

  const checking: boolean[] = []
  const stop = $checking.subscribe((value) => checking.push(value))
  const checked = resumeSession()
  const drawn = $session.get()
  await checked
  stop()

  assert.equal([drawn.loggedIn, drawn.user?.rights], [true, ['devices']], 'drawn before the server answered')
  assert.equal(checking, [false, true, false], 'checking from the kept user to the live one')
  assert.equal(stub.requests, [{ method: 'GET', url: '/api/users/self', authorization: 'Bearer token-5', body: null }])
  assert.equal(events, [
    { loggedIn: true, uid: 'u-5', rights: ['devices'] },
    { loggedIn: true, uid: 'u-5', rights: ['users'] },
  ])
  assert.is($session.get().user?.name, 'Ada Byron')
  assert.is((JSON.parse(localStorage.getItem(KEPT_USER_KEY) ?? 'null') as User).name, 'Ada Byron', 'the live user is kept for next time')
  assert.ok(keptAnswer(SCOPE, LIST), 'the kept answers stay')
})

test('resumeSession signs out on a refused token and wipes what was kept', async () => {
  keptVisit()
  stub = stubFetch({ status: 401, body: { message: 'Sign in to continue' } })

  await resumeSession()

  assert.equal(events, [
    { loggedIn: true, uid: 'u-5', rights: ['devices'] },
    { loggedIn: false, uid: null, rights: null },
  ])
  assert.is(getToken(), null)
  assert.is(localStorage.getItem('axe'), null)
  assert.is(localStorage.getItem(KEPT_USER_KEY), null)
  assert.is(keptAnswer(SCOPE, LIST), undefined)
  assert.is($offline.get(), false)
  assert.is($checking.get(), false)
})

test('resumeSession stays on the kept user when the server is out of reach, and takes the live one once the link is back', async () => {
  keptVisit()
  stub = stubFetch({ fail: 'fetch failed' }, { status: 200, body: createUser({ id: 'u-5', rights: ['devices', 'users'] }) })

  await resumeSession()

  assert.equal(events, [{ loggedIn: true, uid: 'u-5', rights: ['devices'] }])
  assert.is($offline.get(), true)
  assert.is($checking.get(), false, 'offline, the kept user decides the routes as it always has')
  assert.is($serverDown.get(), false)
  assert.is(getToken(), 'token-5')
  assert.ok(keptAnswer(SCOPE, LIST))

  window.dispatchEvent(new Event('online'))
  await new Promise((resolve) => setTimeout(resolve, 10))

  assert.is($offline.get(), false)
  assert.equal(events.at(-1), { loggedIn: true, uid: 'u-5', rights: ['devices', 'users'] })
})

test('resumeSession without a kept user waits for the server', async () => {
  setToken('token-5')
  stub = stubFetch({ status: 200, body: createUser({ id: 'u-5' }) })

  const checked = resumeSession()
  const before = $session.get().loggedIn
  await checked

  assert.is(before, null)
  assert.equal(events, [{ loggedIn: true, uid: 'u-5', rights: [] }])
})

test('resumeSession without a token draws no kept user and asks nothing', async () => {
  localStorage.setItem(KEPT_USER_KEY, JSON.stringify(createUser({ id: 'u-5' })))
  stub = stubFetch({ status: 200, body: createUser({ id: 'u-5' }) })

  await resumeSession()

  assert.equal(stub.requests, [])
  assert.equal(events, [{ loggedIn: false, uid: null, rights: null }])
})

test('resumeSession leaves a session already known as it is until the server answers', async () => {
  keptVisit()
  $session.set({ ...initialSession(), loggedIn: true, user: createUser({ id: 'u-5', rights: ['roles'] }), uid: 'u-5' })
  record()
  stub = stubFetch({ status: 200, body: createUser({ id: 'u-5', rights: ['roles', 'users'] }) })

  await resumeSession()

  assert.equal(events, [{ loggedIn: true, uid: 'u-5', rights: ['roles', 'users'] }])
})

test('a session the server ended signs out with why, kept for the sign-in page and dropped after it', async () => {
  keptVisit()
  stub = stubFetch({ status: 401, body: { message: 'Your account was disabled by an administrator', reason: 'account_disabled' } })
  await resumeSession()
  assert.equal([$session.get().loggedIn, $session.get().message, getToken()], [false, 'session.ended.account_disabled', null])
  // The first screen to open keeps it; the next drops it.
  assert.is(takeEnded(), true)
  assert.is(takeEnded(), false)

  keptVisit()
  $session.set(initialSession())
  stub.restore()
  stub = stubFetch({ status: 401, body: { message: 'Sign in to continue' } })
  await resumeSession()
  assert.equal([$session.get().loggedIn, $session.get().message], [false, null])
})

test.run()
