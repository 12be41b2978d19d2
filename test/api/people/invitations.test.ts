import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountExists, invitationCount, invitationHashesOf, isMemberAnywhere, passwordHashOf, userExists } from '../../fixtures'
import { secretsInDatabase } from '../_server'
import { admin, call, expectStatus, register, signIn, startServer, type Answer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'
import { memberByEmail, newAddress, people, roleIds, waitForMail } from './_people'
import { pngImage } from './_images'
import { avatarPath } from '../../../src/contract/profile'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let roles: Record<string, string>
const PASSWORD = 'Invited-Password-7342'
let address = 0

/** A call of the invitee's browser: no token, its own address so the throttle counts it apart. */
async function visitor(method: string, route: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'X-Forwarded-For': `203.0.113.${(++address % 250) + 1}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${server.url}/api${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers, text }
}
const read = (token: string) => visitor('GET', `/invitations/${encodeURIComponent(token)}`)
const accept = (token: string, name = 'New Person', password = PASSWORD) => visitor('POST', '/invitations/accept', { token, name, password })

/** Invites a fresh address with the Viewer role; returns the member and the token of its mail. */
async function invite(email = newAddress()) {
  const member = expectStatus<Rec>(await people(server, a.token).invite({ email, roles: [roles.Viewer] }), 201)
  const { token } = await waitForMail(server.dataDir, email)
  assert.match(token, /^[\w-]{43}$/)
  return { member, token, email }
}

const BAD = 'This invitation is invalid, has expired or was withdrawn'

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  roles = await roleIds(server, a.organizationId)
})
test.after(() => server.close())

test('shows the invitation, then accepting it sets the name and password and signs the invitee in', async () => {
  const { member, token, email } = await invite()
  const info = expectStatus<Rec>(await read(token), 200)
  assert.equal(info, { email, organization: 'Default organization', expires_at: member.invitation_expires_at, account: false })

  const answer = expectStatus<Rec>(await accept(token, '  Nadia Rahman '), 200)
  assert.is(answer.message, 'Signed in')
  assert.is(answer.user.id, member.id)
  assert.is(answer.user.name, 'Nadia Rahman')
  assert.equal(answer.user.organization, { id: a.organizationId, name: 'Default organization' })
  assert.equal(answer.user.rights, ['network', 'traffic'])
  const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', answer.user.auth_key), 200)
  assert.is(self.email, email)

  const listed = expectStatus<Rec>(await people(server, a.token).get(member.id), 200)
  assert.is(listed.status, 'active')
  assert.is(listed.name, 'Nadia Rahman')
  assert.is(listed.invitation_expires_at, null)
  assert.ok(listed.last_sign_in)
  assert.ok(await signIn(server, email, PASSWORD), 'the chosen password signs in')
  const signIns = expectStatus<Rec[]>(await people(server, a.token).signIns(member.id), 200)
  assert.equal(signIns.map((entry) => entry.method), ['password', 'invitation'])
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${member.id}`, a.token), 200)
  assert.equal(trail.map((entry) => [entry.action, entry.actor.kind, entry.actor.id]), [
    ['sign_in', 'user', member.id],
    ['sign_in', 'user', member.id],
    ['accept', 'user', member.id],
    ['create', 'user', a.userId],
  ])
  assert.is(trail[2]!.actor.name, 'Nadia Rahman')
})

test('the link works once: a second accept or read is refused', async () => {
  const { token } = await invite()
  expectStatus(await accept(token), 200)
  for (const answer of [await accept(token, 'Someone Else', 'Other-Password-5521'), await read(token)]) {
    assert.is(answer.status, 400)
    assert.is(answer.body.message, BAD)
  }
  const taken = await Promise.all([invite(), invite()])
  // Two accepts of one link at once: one wins.
  const [first, second] = await Promise.all([accept(taken[0].token), accept(taken[0].token)])
  assert.equal([first.status, second.status].sort(), [200, 400])
  assert.is((await read(taken[1].token)).status, 200, 'other links are untouched')
})

test('refuses a weak password, a missing name and an unknown token, leaving the link usable', async () => {
  const { token, email } = await invite()
  const weak = await accept(token, 'Weak', 'password')
  assert.is(weak.status, 400)
  assert.ok(weak.body.errors.password)
  const own = await accept(token, 'Own', `${email}1`)
  assert.is(own.status, 400)
  assert.is(own.body.errors.password, 'The password must not contain your e-mail address')
  const noName = await accept(token, '   ')
  assert.is(noName.status, 400)
  assert.is(noName.body.errors.name, 'Required')
  for (const answer of [await accept('x'.repeat(43)), await read('x'.repeat(43)), await read('a'.repeat(500))]) {
    assert.is(answer.status, 400)
    assert.is(answer.body.message, BAD)
  }
  expectStatus(await accept(token), 200)
})

test('sending again ends the old link and starts a new 7 days; only an invited member has one', async () => {
  const { member, token, email } = await invite()
  server.advance(3 * 86_400_000)
  a = { ...a, token: await signIn(server) }
  const resent = expectStatus<Rec>(await people(server, a.token).resend(member.id), 200)
  assert.is(resent.version, member.version + 1)
  const days = (Date.parse(resent.invitation_expires_at) - Date.parse(member.invitation_expires_at)) / 86_400_000
  assert.ok(days > 2.9 && days < 3.1, `the new link ends 3 days later: ${days}`)
  const again = await waitForMail(server.dataDir, email, 2)
  assert.not.equal(again.token, token)
  assert.is((await read(token)).status, 400, 'the old link is ended')
  assert.is(expectStatus<Rec>(await read(again.token), 200).expires_at, resent.invitation_expires_at)

  const maya = await memberByEmail(server, a.token, 'maya.chen@example.com')
  const refused = await people(server, a.token).resend(maya.id)
  assert.is(refused.status, 409)
  assert.is(refused.body.message, 'This user has no invitation to send again')
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${member.id}`, a.token), 200)
  assert.equal(trail.map((entry) => entry.action), ['resend', 'create'])
})

test('withdrawing ends the link and removes the invited member', async () => {
  const { member, token, email } = await invite()
  const maya = await memberByEmail(server, a.token, 'maya.chen@example.com')
  assert.is((await people(server, a.token).withdraw(maya.id)).status, 409, 'an active member has no invitation to withdraw')
  const withdrawn = expectStatus<Rec>(await people(server, a.token).withdraw(member.id), 200)
  assert.is(withdrawn.id, member.id)
  assert.is((await read(token)).status, 400)
  assert.is((await accept(token)).status, 400)
  assert.is((await people(server, a.token).get(member.id)).status, 404)
  assert.is(await accountExists(server, email), false, 'the invited-only account is gone')
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${member.id}`, a.token), 200)
  assert.equal(trail.map((entry) => [entry.action, entry.record_name]), [
    ['withdraw', email],
    ['create', email],
  ])
  assert.is((await people(server, a.token).withdraw(member.id)).status, 404)
})

test('inviting an address that has an account invites it; accepting signed in joins it and tells its console', async () => {
  const other: Tenant = await register(server, 'Has an account')
  const stream = await openEvents(server, other.token)
  const invited = expectStatus<Rec>(await people(server, a.token).invite({ email: other.email.toUpperCase(), roles: [roles.Operator] }), 201)
  assert.is(invited.id, other.userId)
  assert.is(invited.status, 'invited')
  assert.is(invited.name, '', 'the account\'s name stays its own until it accepts')
  const { token, text } = await waitForMail(server.dataDir, other.email)
  assert.match(text, /join with the account you already have/)
  assert.equal(expectStatus<Rec>(await read(token), 200).account, true)
  const before = expectStatus<Rec>(await call(server, 'GET', '/users/self', other.token), 200)
  assert.equal(before.organizations.map((org: Rec) => org.id), [other.organizationId], 'nothing joined before accepting')

  const joined = expectStatus<Rec>(await call(server, 'POST', '/invitations/accept', other.token, { token }), 200)
  assert.equal(joined.user.organization, { id: a.organizationId, name: 'Default organization' })
  const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', other.token), 200)
  assert.equal(self.organizations.map((org: Rec) => org.id).sort(), [a.organizationId, other.organizationId].sort())
  const member = expectStatus<Rec>(await people(server, a.token).get(other.userId), 200)
  assert.equal([member.status, member.name], ['active', 'Has an account'], 'a member now, by its name')
  assert.ok(await signIn(server, other.email, 'Tenant-Password-9431'), 'the password stays')
  // Their open console hears that their organizations changed.
  await stream.waitFor((event) => event.event === 'rights')
  stream.close()
})

test('an invitation answers alike whether the address has an account or not: no name, no picture, no search hit', async () => {
  const known: Tenant = await register(server, 'Only alerts')
  const photo = await fetch(`${server.url}/api/users/self/avatar`, { method: 'POST', headers: { authorization: `Bearer ${known.token}`, 'content-type': 'image/png' }, body: new Uint8Array(pngImage()) })
  assert.is(photo.status, 200, 'the known account has a photo')
  const unknown = newAddress('nobody')
  const inviter = people(server, a.token)
  const answers = [known.email, unknown].map(async (email) => expectStatus<Rec>(await inviter.invite({ email, roles: [roles.Viewer] }), 201))
  const [forKnown, forUnknown] = await Promise.all(answers)
  const shape = (record: Rec) => ({ ...record, id: '-', email: '-', created_at: '-', updated_at: '-', invitation_expires_at: '-' })
  assert.equal(shape(forKnown!), shape(forUnknown!), 'the same answer but for the address itself')
  assert.equal([forKnown!.name, forKnown!.avatar], ['', ''])
  // The id an invitation answers tells nothing through the photos' address either.
  const photos = await Promise.all([forKnown!, forUnknown!].map(async (record) => (await fetch(`${server.url}/api${avatarPath(record.id)}`)).status))
  assert.equal(photos, [404, 404], 'no photo is found by the id alone, whether or not the account has one')
  const seen = expectStatus<Rec>(await inviter.get(known.userId), 200)
  assert.equal([seen.name, seen.avatar], ['', ''], 'nor when read again')
  assert.equal(expectStatus<Rec[]>(await inviter.list({ q: 'Only alerts' }), 200), [], 'a search by the name finds no one')
  const holders = expectStatus<Rec[]>(await call(server, 'GET', `/roles/${roles.Viewer}/members?q=Only`, a.token), 200)
  assert.equal(holders, [], "nor does the role's member list")
  const roleMembers = expectStatus<Rec[]>(await call(server, 'GET', `/roles/${roles.Viewer}/members?per_page=100`, a.token), 200)
  assert.not.ok(JSON.stringify(roleMembers).includes('Only alerts'))
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${known.userId}`, a.token), 200)
  assert.not.ok(JSON.stringify(trail).includes('Only alerts'), 'nor the trail')
  expectStatus(await inviter.remove(known.userId), 200)
})

test('an invitation expires after 7 days by the server clock', async () => {
  const { member, token } = await invite()
  server.advance(7 * 86_400_000 - 60_000)
  assert.is((await read(token)).status, 200, 'still open a minute before')
  server.advance(2 * 60_000)
  assert.is((await read(token)).status, 400)
  assert.is((await accept(token)).status, 400)
  a = { ...a, token: await signIn(server) }
  const listed = expectStatus<Rec>(await people(server, a.token).get(member.id), 200)
  assert.is(listed.status, 'invited')
  assert.is(listed.invitation_expires_at, member.invitation_expires_at, 'the list shows the ended date')
  await server.sweep()
  assert.is(await invitationCount(server, member.id, { open: false }), 0, 'the sweep deletes the expired link')
  assert.is(await userExists(server, member.id), false, 'and the account made for it')
  assert.is((await people(server, a.token).get(member.id)).status, 404)
  // Invited again, it works for another 7 days.
  const again = expectStatus<Rec>(await people(server, a.token).invite({ email: member.email, roles: [roles.Viewer] }), 201)
  assert.ok(again.invitation_expires_at)
  const { token: fresh } = await waitForMail(server.dataDir, member.email, 2)
  expectStatus(await accept(fresh), 200)
})

test('keeps no invitation token and no password in clear in the database file', async () => {
  const { token, member } = await invite()
  const password = 'Clear-Text-Canary-8842'
  expectStatus(await accept(token, 'Canary', password), 200)
  const [hash] = await invitationHashesOf(server, member.id)
  assert.match(hash!, /^[0-9a-f]{64}$/)
  assert.match((await passwordHashOf(server, member.id))!, /^scrypt\$/)
  assert.equal(await secretsInDatabase(server, [token, password]), [])
  assert.not.ok(server.logs.join('\n').includes(token), 'the log does not hold the link')
})

test('the owner of an invited address registers with it, then accepts the invitation as that account', async () => {
  const { member, token, email } = await invite()
  const registered = await visitor('POST', '/register/', { name: 'Owner', email, password: 'Owner-Password-5512' })
  assert.is(registered.status, 201)
  const owner = registered.body.user
  assert.is(owner.id, member.id, 'the account takes the place of the one made for the invitation')
  assert.is(owner.organization.name, "Owner's organization")
  assert.equal(owner.organizations.map((org: Rec) => org.id), [owner.organization.id])
  assert.is(expectStatus<Rec>(await people(server, a.token).get(member.id), 200).status, 'invited', 'still only invited')
  assert.equal(expectStatus<Rec>(await read(token), 200).account, true)
  assert.is((await accept(token)).status, 400, 'a new name and password no longer take it')

  expectStatus(await call(server, 'POST', '/invitations/accept', owner.auth_key, { token }), 200)
  assert.is(expectStatus<Rec>(await people(server, a.token).get(member.id), 200).status, 'active')
  assert.ok(await signIn(server, email, 'Owner-Password-5512'))
  assert.is((await visitor('POST', '/register/', { name: 'Again', email, password: 'Owner-Password-5513' })).status, 409)
})

test('an account made for invitations lapses with the last of them; a real account never does', async () => {
  a = { ...a, token: await signIn(server) }
  const { member, email } = await invite()
  server.advance(4 * 86_400_000)
  const b = await register(server, 'Second inviter')
  expectStatus(await people(server, b.token).invite({ email, roles: [(await roleIds(server, b.organizationId)).Administrator] }), 201)
  const account = await register(server, 'Real account')
  expectStatus(await people(server, b.token).invite({ email: account.email, roles: [(await roleIds(server, b.organizationId)).Administrator] }), 201)
  server.advance(4 * 86_400_000)
  await server.sweep()
  assert.is(await userExists(server, member.id), true, 'an invitation is still open')
  server.advance(4 * 86_400_000)
  await server.sweep()
  assert.is(await userExists(server, member.id), false)
  assert.is(await isMemberAnywhere(server, member.id), false)
  assert.is(await userExists(server, account.userId), true)
})

test.run()
