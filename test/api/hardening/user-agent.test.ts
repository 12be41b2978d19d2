import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { keptAgentLengths } from '../../fixtures'
import { USER_AGENT_MAX } from '../../../src/server/http/client'
import { admin, createDevice, expectStatus, startServer, type Tenant, type TestServer } from '../collections/_api'
import { newAddress, people, roleIds, waitForMail } from '../people/_people'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant

test.before(async () => {
  server = await startServer()
  a = await admin(server)
})
test.after(() => server.close())

/** A browser that says a lot about itself. */
const LONG_AGENT = `Mozilla/5.0 ${'x'.repeat(10_000)}`

const post = (route: string, body: unknown, token?: string) =>
  fetch(`${server.url}/api${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': LONG_AGENT, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

/** The lengths of the user agents kept of `userId`: in the trail, the sign-ins and the sessions. */
const keptLengths = (userId: string) => keptAgentLengths(server, userId)
/** Every kept user agent within the limit, and at least `count` of them cut at it. */
const cut = (lengths: number[], count = 1) => lengths.every((n) => n <= USER_AGENT_MAX) && lengths.filter((n) => n === USER_AGENT_MAX).length >= count

test('a 10,000-character user agent on an invitation accept is kept truncated, in the trail too', async () => {
  const email = newAddress()
  const member = expectStatus<Rec>(await people(server, a.token).invite({ email, roles: [(await roleIds(server, a.organizationId)).Viewer] }), 201)
  const { token } = await waitForMail(server.dataDir, email)
  const res = await post('/invitations/accept', { token, name: 'Long Agent', password: 'Invited-Password-7342' })
  assert.is(res.status, 200)
  const kept = await keptLengths(member.id)
  // The accept and the sign-in it makes are in the trail.
  assert.ok(cut(kept.audit, 2) && cut(kept.signIns) && cut(kept.sessions), JSON.stringify(kept))
})

test('a sign-in, an own change and a write keep the user agent truncated', async () => {
  const signedIn = (await (await post('/login/users/', { email: 'admin@example.com', password: 'admin-secret-1' })).json()) as Rec
  const token = signedIn.user.auth_key as string
  assert.is((await post('/devices', createDevice(), token)).status, 201)
  const own = await fetch(`${server.url}/api/users/self`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'User-Agent': LONG_AGENT, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Admin', presence: 'online' }),
  })
  assert.is(own.status, 200)
  const kept = await keptLengths(a.userId)
  // The sign-in, the device and the profile are in the trail.
  assert.ok(cut(kept.audit, 3) && cut(kept.signIns) && cut(kept.sessions), JSON.stringify(kept))
})

test.run()
