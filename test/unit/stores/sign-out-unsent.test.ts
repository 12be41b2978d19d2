import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearToken, getToken, setToken } from '../../../src/api/client'
import { $outbox, unsentCount, type Unsent } from '../../../src/stores/outbox'
import { sendRevocations } from '../../../src/stores/revocations'
import { $session, initialSession } from '../../../src/stores/session'
import { $signOutAsked, keepSignedIn, signOut, signOutAnyway } from '../../../src/stores/sign-out'
import { stubFetch, type FetchStub } from '../api/fetch-stub'
import { createUser } from '../contract/factories'

let stub: FetchStub | undefined
let asked: boolean[] = []
let stopListening: (() => void) | undefined

/** A write that found no link, waiting in the outbox of the signed-in user. */
const createUnsent = (overrides: Partial<Unsent> = {}): Unsent => ({
  key: 'k-1',
  method: 'PUT',
  path: '/devices/d-1',
  body: { name: 'Renamed' },
  what: { collection: 'devices', name: 'Renamed' },
  scope: 'u-1:o-1',
  state: 'pending',
  at: 1,
  ...overrides,
})

const TWO_UNSENT = [createUnsent(), createUnsent({ key: 'k-2', path: '/devices/d-2', scope: 'u-1:o-2' })]

/** Signed in, with `entries` in the outbox as a reload finds them. */
function signedInWith(entries: Unsent[]) {
  const user = createUser({ id: 'u-1' })
  setToken('token-1')
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  localStorage.setItem('console:outbox', JSON.stringify(entries))
  $outbox.set(entries)
}

test.before.each(() => {
  clearToken()
  localStorage.clear()
  $outbox.set([])
  $signOutAsked.set(false)
  $session.set(initialSession())
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })
  asked = []
  stopListening = $signOutAsked.listen((value) => asked.push(value))
})

test.after.each(async () => {
  await sendRevocations()
  stub?.restore()
  stub = undefined
  stopListening?.()
})

test('unsentCount counts the pending writes of every organization, not those sent or refused', () => {
  $outbox.set([...TWO_UNSENT, createUnsent({ key: 'k-3', state: 'sent' }), createUnsent({ key: 'k-4', state: 'refused', reason: 'Gone' })])
  assert.is(unsentCount(), 2)
  assert.is(unsentCount([createUnsent({ state: 'sent' })]), 0)
})

test('with two changes unsent, signOut asks first and keeps the session and the outbox', async () => {
  signedInWith(TWO_UNSENT)

  assert.is(await signOut(), false)

  assert.equal(asked, [true])
  assert.is(getToken(), 'token-1')
  assert.is($session.get().loggedIn, true)
  assert.equal($outbox.get(), TWO_UNSENT)
  assert.equal(stub?.requests, [])
})

test('keepSignedIn (Cancel) ends the question; the session and the outbox stay', async () => {
  signedInWith(TWO_UNSENT)
  await signOut()

  keepSignedIn()

  assert.equal(asked, [true, false])
  assert.is(getToken(), 'token-1')
  assert.equal($outbox.get(), TWO_UNSENT)
  assert.equal(JSON.parse(localStorage.getItem('console:outbox') ?? '[]'), TWO_UNSENT)
})

test('signOutAnyway drops the unsent changes with the session', async () => {
  signedInWith(TWO_UNSENT)
  await signOut()

  assert.is(await signOutAnyway(), true)

  assert.equal(asked, [true, false])
  assert.is(getToken(), null)
  assert.is($session.get().loggedIn, false)
  assert.equal($outbox.get(), [])
  assert.is(localStorage.getItem('console:outbox'), null)
})

test('with nothing unsent, signOut signs out at once without asking', async () => {
  signedInWith([createUnsent({ state: 'sent' })])

  assert.is(await signOut(), true)

  assert.equal(asked, [])
  assert.is(getToken(), null)
  assert.equal($outbox.get(), [])
})

test('the question ends, still signed in, once the changes have gone out meanwhile', async () => {
  signedInWith(TWO_UNSENT)
  await signOut()

  $outbox.set(TWO_UNSENT.map((entry) => ({ ...entry, state: 'sent' as const })))

  assert.equal(asked, [true, false])
  assert.is(getToken(), 'token-1')
  assert.is($session.get().loggedIn, true)
})

test('a sign-out in another tab ends the question with the session', async () => {
  signedInWith(TWO_UNSENT)
  await signOut()

  window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, oldValue: null }))

  assert.equal(asked, [true, false])
  assert.equal($outbox.get(), [])
})

test.run()
