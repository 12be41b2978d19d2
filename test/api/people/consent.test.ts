// An existing account joins another organization only by accepting, and what that organization
// does to it (disable, remove, read its sign-ins) stays inside that organization. Written from the
// side of a registered stranger who invites someone else's address.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { userExists } from '../../fixtures'
import { call, createDevice, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'
import { people, roleIds, waitForMail } from './_people'

type Rec = Record<string, any>

let server: TestServer
let attacker: Tenant
let victim: Tenant
const PASSWORD = 'Tenant-Password-9431'
let mails = 0

/** A password sign-in of the victim from `ip`; answers the new session's token. */
async function victimSignsIn(ip: string): Promise<string> {
  const res = await fetch(`${server.url}/api/login/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ email: victim.email, password: PASSWORD }),
  })
  assert.is(res.status, 200, `sign-in from ${ip}`)
  return ((await res.json()) as Rec).user.auth_key
}

const self = async (token: string) => expectStatus<Rec>(await call(server, 'GET', '/users/self', token), 200, 'self')
const accept = (body: Rec, token?: string) => call(server, 'POST', '/invitations/accept', token, body)
const asAttacker = () => people(server, attacker.token)
const victimHere = async () => expectStatus<Rec>(await asAttacker().get(victim.userId), 200, 'the victim in the attacker organization')

/** The attacker invites the victim's address with their Administrator role; answers the member and the mail. */
async function inviteVictim() {
  const administrator = (await roleIds(server, attacker.organizationId)).Administrator!
  const member = expectStatus<Rec>(await asAttacker().invite({ email: victim.email, roles: [administrator] }), 201, 'invite')
  const mail = await waitForMail(server.dataDir, victim.email, ++mails)
  return { member, mail }
}

test.before(async () => {
  server = await startServer()
  attacker = await register(server, 'Attacker')
  victim = await register(server, 'Victim')
  await victimSignsIn('192.0.2.77')
})
test.after(() => server.close())

test('inviting an existing account joins it to nothing until it accepts', async () => {
  const { member, mail } = await inviteVictim()
  assert.is(member.id, victim.userId)
  assert.is(member.status, 'invited')
  assert.ok(member.invitation_expires_at)
  assert.is(member.last_sign_in, null, 'their sign-ins elsewhere do not show')
  assert.match(mail.text, /You are invited to Attacker's organization/)
  assert.ok(mail.token, 'the mail carries the invitation link')
  assert.not.match(mail.text, /choose your name and password/)
  assert.equal((await self(victim.token)).organizations.map((org: Rec) => org.id), [victim.organizationId])

  // Invited, they are out of the attacker's reach: no sign-ins to read, no status to set.
  assert.equal(expectStatus(await asAttacker().signIns(victim.userId), 200), [])
  assert.is((await asAttacker().update(victim.userId, { ...member, status: 'disabled' })).status, 400)
  assert.is((await call(server, 'GET', '/users/self', victim.token)).status, 200)
  expectStatus(await asAttacker().withdraw(victim.userId), 200)
  assert.is(await userExists(server, victim.userId), true, 'withdrawing leaves the account alone')
  assert.is((await call(server, 'GET', `/invitations/${mail.token}`)).status, 400)
})

test('an existing account accepts as itself: signed in, or with its password, which stays as it is', async () => {
  const { mail } = await inviteVictim()
  const info = expectStatus<Rec>(await call(server, 'GET', `/invitations/${mail.token}`), 200)
  assert.equal(info, { email: victim.email, organization: "Attacker's organization", expires_at: info.expires_at, account: true })

  // Nobody else accepts for them: no session, someone else's session, a wrong password, a name and password of one's own.
  const refused = [
    await accept({ token: mail.token }),
    await accept({ token: mail.token }, attacker.token),
    await accept({ token: mail.token, password: 'Not-The-Password-1' }),
    await accept({ token: mail.token, name: 'Taken Over', password: 'Attacker-Chosen-77' }),
  ]
  assert.equal(refused.map((answer) => answer.status), [403, 403, 400, 400])
  assert.is(refused[0]!.body.message, `This invitation is for ${victim.email}: sign in as that account, or give its password, to accept it`)
  assert.is(refused[2]!.body.errors.password, 'The current password is wrong')
  assert.is((await victimHere()).status, 'invited')

  const joined = expectStatus<Rec>(await accept({ token: mail.token }, victim.token), 200)
  assert.is(joined.user.id, victim.userId)
  assert.is(joined.user.name, 'Victim', 'the name stays')
  assert.is(joined.user.auth_key, victim.token, 'the same session goes on')
  assert.is(joined.user.organization.id, attacker.organizationId)
  assert.is((await victimHere()).status, 'active')
  assert.ok(await victimSignsIn('192.0.2.78'), 'the password is unchanged')
  assert.is((await accept({ token: mail.token }, victim.token)).status, 400, 'the link works once')

  // Out again, invited again: this time accepted from a signed-out browser with the password.
  expectStatus(await asAttacker().remove(victim.userId), 200)
  const again = await inviteVictim()
  const signedIn = expectStatus<Rec>(await accept({ token: again.mail.token, password: PASSWORD }), 200)
  assert.is(signedIn.user.id, victim.userId)
  assert.not.equal(signedIn.user.auth_key, victim.token)
  assert.is((await call(server, 'GET', '/users/self', victim.token)).status, 200, 'their other sessions go on')
  assert.ok(await victimSignsIn('192.0.2.79'), 'the password is unchanged')
  expectStatus(await asAttacker().remove(victim.userId), 200)
})

test('a disable or a removal ends access to that organization only', async () => {
  // As if they had accepted: a member there, working there.
  await joinOrganization(server, victim, attacker.organizationId, ['devices', 'users'])
  assert.is((await self(victim.token)).organization.id, attacker.organizationId)
  const there = await openEvents(server, victim.token)
  const record = await victimHere()
  expectStatus(await asAttacker().update(victim.userId, { ...record, status: 'disabled' }), 200)
  assert.ok(await there.waitForEnd(2000), 'their stream in that organization ended')

  const after = await self(victim.token)
  assert.is(after.organization.id, victim.organizationId, 'their session goes on, in their own organization')
  assert.equal(after.organizations.map((org: Rec) => org.id), [victim.organizationId])
  assert.is((await call(server, 'POST', `/organizations/${attacker.organizationId}/switch`, victim.token)).status, 404)
  assert.is((await call(server, 'GET', '/devices/', victim.token)).status, 200)

  // Their stream at home outlives a removal elsewhere.
  const home = await openEvents(server, victim.token)
  expectStatus(await asAttacker().remove(victim.userId), 200)
  const device = expectStatus<Rec>(await call(server, 'POST', '/devices/', victim.token, createDevice()), 201)
  await home.waitFor((event) => event.event === 'change' && event.data.id === device.id)
  assert.not.ok(home.isEnded())
  home.close()
  assert.ok(await victimSignsIn('192.0.2.80'))
})

test('sign-in history shows only sign-ins into the organization asking', async () => {
  await joinOrganization(server, victim, attacker.organizationId, ['devices'])
  const token = await victimSignsIn('192.0.2.88')
  expectStatus(await call(server, 'POST', `/organizations/${victim.organizationId}/switch`, token), 200)
  await victimSignsIn('192.0.2.99')

  const seen = expectStatus<Rec[]>(await asAttacker().signIns(victim.userId), 200)
  assert.is(seen[0]!.ip, '192.0.2.88')
  assert.is((await victimHere()).last_sign_in, seen[0]!.at)
  const home = expectStatus<Rec[]>(await people(server, victim.token).signIns(victim.userId), 200)
  assert.equal(home.slice(0, 2).map((entry) => entry.ip), ['192.0.2.99', '192.0.2.80'])
  assert.equal(
    seen.filter((entry) => home.some((other) => other.at === entry.at && other.ip === entry.ip)),
    [],
    'no sign-in shows in both organizations',
  )
  assert.ok(home.some((entry) => entry.ip === '192.0.2.77'))
  assert.ok(seen.some((entry) => entry.ip === '192.0.2.78'))
})

test.run()
