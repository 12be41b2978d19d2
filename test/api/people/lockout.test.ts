import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { activeHoldings, rolesHeldBy, sessionsOf } from '../../fixtures'
import { RIGHTS } from '../../../src/contract/rights'
import { admin, call, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'
import { memberByEmail, newAddress, people, roleIds, waitForMail } from './_people'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let roles: Record<string, string>
const LOCKOUT = 'This change would leave the organization without an active user who can manage roles'
const NO_ADMINISTRATOR = 'This change would leave the organization without an active user who holds every right'
const as = (who: { token: string }) => people(server, who.token)

/** What a refused change must leave as it was: the member, their roles and their sessions. */
const state = async (id: string) => ({
  record: expectStatus<Rec>(await as(a).get(id), 200),
  memberships: await rolesHeldBy(server, id),
  sessions: await sessionsOf(server, id),
})

/** A fresh address invited with `role` and accepted: an account that belongs to this organization only. */
async function accepted(role: string, password = 'Accepted-Password-6610') {
  const email = newAddress('member')
  const member = expectStatus<Rec>(await as(a).invite({ email, roles: [role] }), 201)
  const { token } = await waitForMail(server.dataDir, email)
  const answer = await server.post('/invitations/accept', { token, name: 'Member', password })
  const body = (await answer.json()) as Rec
  assert.is(answer.status, 200)
  return { id: member.id as string, email, password, token: body.user.auth_key as string }
}

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  roles = await roleIds(server, a.organizationId)
})
test.after(() => server.close())

test('refuses to disable, remove or change the roles of the last user who can manage roles, changing nothing', async () => {
  const before = await state(a.userId)
  const self = before.record
  const answers = [
    await as(a).update(a.userId, { ...self, roles: self.roles.map((role: Rec) => role.id), status: 'disabled' }),
    await as(a).update(a.userId, { ...self, roles: [roles.Viewer, roles.Operator], status: 'active' }),
    await as(a).remove(a.userId),
  ]
  for (const answer of answers) {
    assert.is(answer.status, 409)
    assert.is(answer.body.message, LOCKOUT)
  }
  assert.equal(await state(a.userId), before, 'the member, their roles and their sessions are as they were')
  assert.is((await call(server, 'GET', '/users/self', a.token)).status, 200, 'still signed in')
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${a.userId}`, a.token), 200)
  assert.not.ok(trail.some((entry) => ['update', 'delete'].includes(entry.action)), 'no refused change is in the trail')
})

test('allows the same changes to a member while another active one can manage roles', async () => {
  const second = await accepted(roles.Administrator!)
  const record = expectStatus<Rec>(await as(a).get(second.id), 200)
  const demoted = expectStatus<Rec>(await as(a).update(second.id, { ...record, roles: [roles.Viewer] }), 200)
  assert.equal(demoted.roles.map((role: Rec) => role.name), ['Viewer'])
  expectStatus(await as(a).remove(second.id), 200)
  // A disabled manager does not count: the admin stays the only one.
  const third = await accepted(roles.Administrator!)
  const thirdRecord = expectStatus<Rec>(await as(a).get(third.id), 200)
  expectStatus(await as(a).update(third.id, { ...thirdRecord, roles: [roles.Administrator], status: 'disabled' }), 200)
  const self = expectStatus<Rec>(await as(a).get(a.userId), 200)
  assert.is((await as(a).update(a.userId, { ...self, roles: [roles.Viewer], status: 'active' })).status, 409)
})

/** A registered owner of an organization, and there a second member through a role of `rights` (named `Limited …`). */
async function ownerWith(rights: string[]) {
  const owner = await register(server, 'Owner')
  const other = await register(server, 'Other')
  await joinOrganization(server, other, owner.organizationId, rights)
  const role = Object.entries(await roleIds(server, owner.organizationId)).find(([name]) => name.startsWith('Limited'))![1]
  return { owner, other, role }
}

/** The active members of the organization who hold every right, by their roles' rights. */
async function administrators(organizationId: string): Promise<string[]> {
  const rows = await activeHoldings(server, organizationId)
  const held = new Map<string, string[]>()
  for (const row of rows) held.set(row.user_id, [...(held.get(row.user_id) ?? []), ...JSON.parse(row.rights)])
  return [...held].filter(([, rights]) => RIGHTS.every((right) => rights.includes(right))).map(([id]) => id)
}

test('refuses to leave nobody holding every right, though someone who manages roles remains', async () => {
  const { owner, role } = await ownerWith(['roles'])
  const own = people(server, owner.token)
  const self = expectStatus<Rec>(await own.get(owner.userId), 200)
  const answers = [
    await own.update(owner.userId, { ...self, roles: [role] }),
    await own.update(owner.userId, { ...self, status: 'disabled' }),
    await own.remove(owner.userId),
  ]
  assert.equal(answers.map((answer) => [answer.status, answer.body.message]), Array(3).fill([409, NO_ADMINISTRATOR]))
  assert.equal(expectStatus<Rec>(await own.get(owner.userId), 200), self)
  assert.equal(await administrators(owner.organizationId), [owner.userId])
})

test('of two administrators demoting each other at once, one stays', async () => {
  const { owner, other, role } = await ownerWith([...RIGHTS])
  const keeper = expectStatus<Rec>(await owner.create('roles', { name: 'Keepers', description: '', rights: ['roles', 'users'] }), 201)
  const records = await Promise.all([owner.userId, other.userId].map(async (id) => expectStatus<Rec>(await people(server, owner.token).get(id), 200)))
  assert.is(records[1]!.roles[0].id, role)
  const answers = await Promise.all([
    people(server, owner.token).update(other.userId, { ...records[1], roles: [keeper.id] }),
    people(server, other.token).update(owner.userId, { ...records[0], roles: [keeper.id] }),
  ])
  assert.ok(answers.some((answer) => answer.status !== 200), answers.map((answer) => answer.status).join())
  assert.is((await administrators(owner.organizationId)).length, 1)
})

test("disabling a user ends their sessions and open events stream at once, and sign-in says they're disabled", async () => {
  const member = await accepted(roles.Viewer!)
  const stream = await openEvents(server, member.token)
  const otherSession = (await (await server.post('/login/users/', { email: member.email, password: member.password })).json()) as Rec
  assert.is((await call(server, 'GET', '/users/self', otherSession.user.auth_key)).status, 200)

  const record = expectStatus<Rec>(await as(a).get(member.id), 200)
  const disabled = expectStatus<Rec>(await as(a).update(member.id, { ...record, roles: [roles.Viewer], status: 'disabled' }), 200)
  assert.is(disabled.status, 'disabled')
  assert.ok(await stream.waitForEnd(1000), 'the open stream ended within a second')
  for (const token of [member.token, otherSession.user.auth_key]) assert.is((await call(server, 'GET', '/users/self', token)).status, 401)
  const refused = await server.post('/login/users/', { email: member.email, password: member.password })
  assert.is(refused.status, 403)
  assert.is(((await refused.json()) as Rec).message, 'This account is disabled. Ask an administrator of your organization to enable it.')
  assert.is((await server.post('/login/users/', { email: member.email, password: 'Wrong-Password-1234' })).status, 401, 'a wrong password learns nothing')
  const listed = await memberByEmail(server, a.token, member.email)
  assert.is(listed.status, 'disabled')

  expectStatus(await as(a).update(member.id, { ...disabled, status: 'active' }), 200)
  assert.is((await server.post('/login/users/', { email: member.email, password: member.password })).status, 200, 'enabled, they sign in again')
  assert.is((await call(server, 'GET', '/users/self', member.token)).status, 401, 'the old sessions stay ended')
})

test('removing a user from their only organization ends their sessions there and their stream', async () => {
  const member = await accepted(roles.Viewer!)
  const stream = await openEvents(server, member.token)
  expectStatus(await as(a).remove(member.id), 200)
  assert.ok(await stream.waitForEnd(1000), 'the open stream ended')
  assert.is((await call(server, 'GET', '/users/self', member.token)).status, 401)
  assert.is((await server.post('/login/users/', { email: member.email, password: member.password })).status, 403)
})

test.run()
