import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initialSession, reduce, RESET_SENT, type SessionEvent, type SessionState } from '../../../src/stores/session'
import { createUser } from '../contract/factories'

const FLOWS = ['LOGIN', 'LOGIN_WITH_EMAIL', 'REGISTER_WITH_EMAIL', 'PASSWORD_FORGET', 'CREATE_USER', 'LOGOUT'] as const
const SIGN_INS = ['LOGIN_SUCCESS', 'LOGIN_WITH_EMAIL_SUCCESS', 'REGISTER_WITH_EMAIL_SUCCESS', 'CREATE_USER_SUCCESS'] as const

const state = (overrides: Partial<SessionState> = {}): SessionState => ({ ...initialSession(), ...overrides })

test('starts unknown, not loading, without user or message', () => {
  assert.equal(initialSession(), { loading: false, loggedIn: null, user: null, uid: null, message: null })
})

test('gives a fresh initial state each time', () => {
  const first = initialSession()
  first.message = 'changed'
  assert.is(initialSession().message, null)
})

for (const flow of FLOWS) {
  test(`${flow}_REQUEST sets loading and clears the message`, () => {
    const before = state({ loggedIn: false, message: 'server.badCredentials' })
    assert.equal(reduce(before, { type: `${flow}_REQUEST` }), state({ loggedIn: false, loading: true, message: null }))
  })

  test(`${flow}_FAILURE clears loading and stores the message`, () => {
    const before = state({ loggedIn: false, loading: true })
    assert.equal(
      reduce(before, { type: `${flow}_FAILURE`, message: 'server.badCredentials' }),
      state({ loggedIn: false, loading: false, message: 'server.badCredentials' }),
    )
  })
}

for (const type of SIGN_INS) {
  test(`${type} signs in with the user and its id`, () => {
    const user = createUser({ id: 'u-42' })
    const before = state({ loggedIn: false, loading: true })
    assert.equal(reduce(before, { type, user }), state({ loading: false, loggedIn: true, user, uid: 'u-42' }))
  })
}

test('a sign-in keeps a message set before it', () => {
  const user = createUser()
  const after = reduce(state({ loading: true, message: 'session.registered' }), { type: 'REGISTER_WITH_EMAIL_SUCCESS', user })
  assert.is(after.message, 'session.registered')
})

test('LOGOUT_SUCCESS signs out and forgets the user', () => {
  const before = state({ loading: true, loggedIn: true, user: createUser(), uid: 'u-1' })
  assert.equal(reduce(before, { type: 'LOGOUT_SUCCESS' }), state({ loading: false, loggedIn: false, user: null, uid: null }))
})

test('PASSWORD_FORGET_SUCCESS sets the reset-sent message and stays signed out', () => {
  const before = state({ loading: true, loggedIn: false })
  assert.equal(reduce(before, { type: 'PASSWORD_FORGET_SUCCESS' }), state({ loading: false, loggedIn: false, message: 'session.resetSent' }))
})

test('SYNC_USER with a user signs in', () => {
  const user = createUser({ id: 'u-7' })
  assert.equal(reduce(state(), { type: 'SYNC_USER', user }), state({ loggedIn: true, user, uid: 'u-7' }))
})

test('SYNC_USER with null signs out', () => {
  const before = state({ loggedIn: true, user: createUser(), uid: 'u-1', loading: true })
  assert.equal(reduce(before, { type: 'SYNC_USER', user: null }), state({ loggedIn: false }))
})

test('HIDE_MESSAGE clears only the message', () => {
  const user = createUser()
  const before = state({ loggedIn: true, user, uid: user.id, message: RESET_SENT })
  assert.equal(reduce(before, { type: 'HIDE_MESSAGE' }), state({ loggedIn: true, user, uid: user.id, message: null }))
})

test('does not change the state it is given', () => {
  const before = state({ message: 'kept' })
  const copy = { ...before }
  reduce(before, { type: 'LOGIN_REQUEST' })
  assert.equal(before, copy)
})

test('walks a whole sign-in, message and sign-out lifecycle', () => {
  const user = createUser()
  const events: SessionEvent[] = [
    { type: 'LOGIN_WITH_EMAIL_REQUEST' },
    { type: 'LOGIN_WITH_EMAIL_FAILURE', message: 'server.badCredentials' },
    { type: 'HIDE_MESSAGE' },
    { type: 'LOGIN_WITH_EMAIL_REQUEST' },
    { type: 'LOGIN_WITH_EMAIL_SUCCESS', user },
    { type: 'LOGOUT_REQUEST' },
    { type: 'LOGOUT_SUCCESS' },
  ]
  const seen: Pick<SessionState, 'loading' | 'loggedIn' | 'message'>[] = []
  events.reduce((current, event) => {
    const next = reduce(current, event)
    seen.push({ loading: next.loading, loggedIn: next.loggedIn, message: next.message })
    return next
  }, initialSession())
  assert.equal(seen, [
    { loading: true, loggedIn: null, message: null },
    { loading: false, loggedIn: null, message: 'server.badCredentials' },
    { loading: false, loggedIn: null, message: null },
    { loading: true, loggedIn: null, message: null },
    { loading: false, loggedIn: true, message: null },
    { loading: true, loggedIn: true, message: null },
    { loading: false, loggedIn: false, message: null },
  ])
})

test.run()
