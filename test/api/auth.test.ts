import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { removeFromOrganization } from '../fixtures'
import { RIGHTS } from '../../src/contract/rights'
import type { AuthAnswer, User } from '../../src/contract/user'
import { ADMIN, signIn, startTestServer, type TestServer } from './_server'
import { admin, call, expectStatus, joinOrganization, register } from './collections/_api'

let server: TestServer

test.before(async () => {
  server = await startTestServer()
})

test.after(async () => {
  await server.close()
})

test('signs in with the right password and answers the user with a token and every right', async () => {
  const res = await server.post('/login/users/', { email: ADMIN.email, password: ADMIN.password })
  assert.is(res.status, 200)
  const body = (await res.json()) as AuthAnswer
  assert.is(body.message, 'Signed in')
  assert.type(body.user.auth_key, 'string')
  assert.ok(body.user.auth_key.length >= 43)
  assert.is(body.user.email, ADMIN.email)
  assert.equal(body.user.rights, [...RIGHTS])
  assert.is(body.user.rights.length, 11)
  assert.is(body.user.organization.name, 'Default organization')
})

test('signs in whatever the case of the address', async () => {
  const res = await server.post('/login/users/', { email: ' Admin@Example.COM ', password: ADMIN.password })
  assert.is(res.status, 200)
})

test('refuses a wrong password with 401 and a message', async () => {
  const res = await server.post('/login/users/', { email: ADMIN.email, password: 'not-the-password' })
  assert.is(res.status, 401)
  assert.equal(await res.json(), { message: 'Wrong e-mail or password' })
})

test('refuses an unknown address with the same answer', async () => {
  const res = await server.post('/login/users/', { email: 'nobody@example.com', password: ADMIN.password })
  assert.is(res.status, 401)
  assert.equal(await res.json(), { message: 'Wrong e-mail or password' })
})

test('answers the current user to its token', async () => {
  const token = await signIn(server)
  const res = await server.get('/users/self', token)
  assert.is(res.status, 200)
  const user = (await res.json()) as User
  assert.equal(Object.keys(user).sort(), ['avatar', 'email', 'id', 'name', 'organization', 'organizations', 'presence', 'rights'])
  assert.is(user.email, ADMIN.email)
  assert.equal(user.rights, [...RIGHTS])
  assert.type(user.organization.id, 'string')
})

test('answers 401 to /users/self without a token or with a garbage one', async () => {
  for (const token of [undefined, 'garbage', '']) {
    const res = await server.get('/users/self', token)
    assert.is(res.status, 401)
    assert.equal(await res.json(), { message: 'Sign in to continue' })
  }
  const basic = await fetch(`${server.url}/api/users/self`, { headers: { Authorization: 'Basic YWJjOmRlZg==' } })
  assert.is(basic.status, 401)
})

test('registers a user who is signed in and administers an organization of their own', async () => {
  const res = await server.post('/register/', { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'analytical-1' })
  assert.is(res.status, 201)
  const body = (await res.json()) as AuthAnswer
  assert.is(body.message, 'Account created')
  assert.is(body.user.email, 'ada@example.com')

  const self = (await (await server.get('/users/self', body.user.auth_key)).json()) as User
  assert.is(self.name, 'Ada Lovelace')
  assert.is(self.organization.name, "Ada Lovelace's organization")
  assert.equal(self.rights, [...RIGHTS])
  const admin = (await (await server.get('/users/self', await signIn(server))).json()) as User
  assert.is.not(self.organization.id, admin.organization.id)

  assert.is(await signIn(server, 'ada@example.com', 'analytical-1').then(Boolean), true)
})

test('refuses a second registration of the same address with 409', async () => {
  const res = await server.post('/register/', { name: 'Ada Again', email: 'ADA@example.com', password: 'analytical-2' })
  assert.is(res.status, 409)
  assert.equal(await res.json(), { message: 'An account with this e-mail already exists' })
})

test('signs out: the token stops working, others stay valid', async () => {
  const token = await signIn(server)
  const other = await signIn(server)
  const res = await server.post('/logout', '', token)
  assert.is(res.status, 200)
  assert.equal(await res.json(), { message: 'Signed out' })
  assert.is((await server.get('/users/self', token)).status, 401)
  assert.is((await server.post('/logout', '', token)).status, 401)
  assert.is((await server.get('/users/self', other)).status, 200)
})

test('refuses the 11th sign-in after 10 failures, even with the right password, until the window passes', async () => {
  const email = 'ada@example.com'
  for (let i = 0; i < 10; i++) {
    const res = await server.post('/login/users/', { email, password: `wrong-${i}` })
    assert.is(res.status, 401)
  }
  const blocked = await server.post('/login/users/', { email, password: 'analytical-1' })
  assert.is(blocked.status, 429)
  assert.equal(await blocked.json(), { message: 'Too many attempts. Try again in 15 min.' })
  const retryAfter = Number(blocked.headers.get('Retry-After'))
  assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`)

  // Another address is not affected.
  assert.is((await server.post('/login/users/', { email: ADMIN.email, password: ADMIN.password })).status, 200)

  server.advance(15 * 60 * 1000 + 1000)
  assert.is((await server.post('/login/users/', { email, password: 'analytical-1' })).status, 200)
})

test('a 401 says why a session stopped working: disabled, ended or expired; an unknown token says none', async () => {
  const owner = await admin(server)
  // A member of the admin's organization alone.
  const worker = await register(server, 'Worker')
  await joinOrganization(server, worker, owner.organizationId, ['devices'])
  await removeFromOrganization(server, worker.userId, worker.organizationId, { memberships: false })
  expectStatus(await call(server, 'GET', '/devices/', worker.token), 200, 'the member works')
  const record = expectStatus(await owner.get('users', worker.userId), 200, 'the member')
  const roles = record.roles.map((role: { id: string }) => role.id)
  expectStatus(await owner.update('users', worker.userId, { roles, status: 'disabled', version: record.version }), 200, 'disable')
  for (const route of ['/users/self', '/devices/', '/events']) {
    const refused = await call(server, 'GET', route, worker.token)
    assert.equal([refused.status, refused.body], [401, { message: 'Your account was disabled by an administrator', reason: 'account_disabled' }], route)
  }

  const ended = await signIn(server)
  expectStatus(await call(server, 'POST', '/logout', ended, {}), 200, 'sign out')
  const afterSignOut = await call(server, 'GET', '/users/self', ended)
  assert.equal([afterSignOut.status, afterSignOut.body], [401, { message: 'Your session was ended', reason: 'session_ended' }])

  const unknown = await call(server, 'GET', '/users/self', 'x'.repeat(43))
  assert.equal([unknown.status, unknown.body], [401, { message: 'Sign in to continue' }])

  const idle = await signIn(server)
  server.advance(31 * 24 * 3600 * 1000)
  const expired = await call(server, 'GET', '/users/self', idle)
  assert.equal([expired.status, expired.body], [401, { message: 'Your session has expired: sign in again', reason: 'session_expired' }])
})

test.run()
