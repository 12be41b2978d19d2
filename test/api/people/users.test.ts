import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountCount, invitationCount, rolesHeldBy, userExists, userRow } from '../../fixtures'
import { admin, call, expectStatus, limitRights, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { memberByEmail, newAddress, people, roleIds, waitForMail } from './_people'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let b: Tenant
let roles: Record<string, string>
const as = (who: { token: string }) => people(server, who.token)
const names = (rows: Rec[]) => rows.map((row) => row.name || row.email)
const SEEDED = 9

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  b = await register(server, 'Other tenant')
  roles = await roleIds(server, a.organizationId)
})
test.after(() => server.close())

test('lists the members with their roles, status and last sign-in', async () => {
  const answer = await as(a).list({ per_page: 25 })
  const rows = expectStatus<Rec[]>(answer, 200)
  assert.is(answer.headers.get('X-Total-Count'), String(SEEDED))
  assert.is(rows.length, SEEDED)
  const maya = rows.find((row) => row.email === 'maya.chen@example.com')!
  assert.equal(Object.keys(maya).sort(), ['avatar', 'created_at', 'email', 'id', 'invitation_expires_at', 'last_sign_in', 'name', 'roles', 'status', 'updated_at', 'version'])
  assert.equal(maya.roles, [{ id: roles.Operator, name: 'Operator' }])
  assert.is(maya.status, 'active')
  assert.ok(Date.parse(maya.last_sign_in) < Date.now())
  const budi = rows.find((row) => row.email === 'budi.santoso@example.com')!
  assert.equal(budi.roles.map((role: Rec) => role.name), ['Operator', 'Viewer'])
  const ravi = rows.find((row) => row.email === 'ravi.kumar@example.com')!
  assert.is(ravi.status, 'invited')
  assert.is(ravi.last_sign_in, null)
  assert.ok(Date.parse(ravi.invitation_expires_at) > Date.now())
  assert.is(rows.find((row) => row.email === 'ahmed.hassan@example.com')!.status, 'disabled')
  const self = rows.find((row) => row.id === a.userId)!
  assert.equal(self.roles.map((role: Rec) => role.name), ['Administrator'])
  assert.not.ok(JSON.stringify(rows).includes('password'), 'no password hash leaves the server')
})

test('searches names and e-mail addresses', async () => {
  assert.equal(names(expectStatus(await as(a).list({ q: 'chen' }), 200)), ['Maya Chen'])
  assert.equal(names(expectStatus(await as(a).list({ q: 'RAVI.KUMAR@' }), 200)), ['ravi.kumar@example.com'])
  assert.equal(names(expectStatus(await as(a).list({ q: 'nobody-here' }), 200)), [])
  // LIKE's wildcards are taken literally.
  assert.equal(names(expectStatus(await as(a).list({ q: '%' }), 200)), [])
})

test('sorts by name, e-mail and last sign-in, both ways', async () => {
  const byName = names(expectStatus(await as(a).list({ sort: 'name', order: 'asc' }), 200)).slice(1)
  assert.equal(byName, [...byName].sort((x, y) => (x < y ? -1 : 1)))
  const emails = expectStatus<Rec[]>(await as(a).list({ sort: 'email', order: 'desc' }), 200).map((row) => row.email)
  assert.equal(emails, [...emails].sort().reverse())
  const signIns = expectStatus<Rec[]>(await as(a).list({ sort: 'last_sign_in', order: 'desc' }), 200)
    .map((row) => row.last_sign_in)
    .filter(Boolean)
  assert.equal(signIns, [...signIns].sort().reverse())
  assert.is((await as(a).list({ sort: 'password_hash' })).status, 400)
})

test('filters by status and by role, together with search', async () => {
  assert.equal(names(expectStatus(await as(a).list({ status: 'invited' }), 200)), ['ravi.kumar@example.com'])
  assert.equal(names(expectStatus(await as(a).list({ status: 'disabled' }), 200)), ['Ahmed Hassan'])
  const operators = expectStatus<Rec[]>(await as(a).list({ role: roles.Operator!, sort: 'name' }), 200)
  assert.equal(names(operators), ['Ahmed Hassan', 'Budi Santoso', 'Jonas Weber', 'Maya Chen'])
  assert.ok(operators.every((row) => row.roles.some((role: Rec) => role.id === roles.Operator)), 'each listed member holds the role')
  const answer = await as(a).list({ role: roles.Operator!, status: 'active' })
  assert.is(answer.headers.get('X-Total-Count'), '3')
  assert.equal(names(expectStatus(await as(a).list({ role: roles.Viewer!, q: 'priya' }), 200)), ['Priya Nair'])
  assert.is((await as(a).list({ status: 'sleeping' })).status, 400)
  // Another organization's role filters to nobody.
  const other = (await roleIds(server, b.organizationId)).Administrator!
  assert.equal(expectStatus(await as(a).list({ role: other }), 200), [])
})

test('pages with the total in X-Total-Count', async () => {
  const first = await as(a).list({ per_page: 5, page: 1, sort: 'email' })
  const second = await as(a).list({ per_page: 5, page: 2, sort: 'email' })
  assert.is(first.headers.get('X-Total-Count'), String(SEEDED))
  const all = [...expectStatus<Rec[]>(first, 200), ...expectStatus<Rec[]>(second, 200)].map((row) => row.id)
  assert.is(all.length, SEEDED)
  assert.is(new Set(all).size, SEEDED)
  assert.equal(expectStatus(await as(a).list({ per_page: 5, page: 3 }), 200), [])
})

test('invites a new address: listed as invited with its roles, an account that cannot sign in, and a mail with the link', async () => {
  const email = newAddress()
  const created = expectStatus<Rec>(await as(a).invite({ email: email.toUpperCase(), roles: [roles.Viewer, roles.Billing, roles.Viewer] }), 201)
  assert.is(created.email, email)
  assert.is(created.status, 'invited')
  assert.is(created.name, '')
  assert.equal(created.roles.map((role: Rec) => role.name), ['Billing', 'Viewer'])
  const days = (Date.parse(created.invitation_expires_at) - Date.now()) / 86_400_000
  assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`)
  assert.equal(expectStatus(await as(a).get(created.id), 200), created)
  const user = await userRow(server, created.id)
  assert.is(user!.password_hash, '')
  assert.is(user!.status, 'invited')
  assert.is((await server.post('/login/users/', { email, password: '' })).status, 400)
  const mail = await waitForMail(server.dataDir, email)
  assert.match(mail.text, /Subject: You are invited to Default organization/)
  assert.match(mail.link, new RegExp(`^${server.url}/invitation\\?token=`))
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${created.id}`, a.token), 200)
  assert.equal(trail.map((entry) => [entry.action, entry.record_name]), [['create', email]])
})

test('refuses an invite without roles, with a bad address, or with a role of no such or another organization', async () => {
  const before = await accountCount(server)
  const noRoles = await as(a).invite({ email: newAddress(), roles: [] })
  assert.is(noRoles.status, 400)
  assert.is(noRoles.body.errors.roles, 'Required')
  const badEmail = await as(a).invite({ email: 'not-an-address', roles: [roles.Viewer] })
  assert.is(badEmail.status, 400)
  assert.is(badEmail.body.errors.email, 'Invalid email')
  for (const role of ['no-such-role', (await roleIds(server, b.organizationId)).Administrator]) {
    const answer = await as(a).invite({ email: newAddress(), roles: [roles.Viewer, role] })
    assert.is(answer.status, 400)
    assert.is(answer.body.errors.roles, 'A chosen role does not exist in this organization')
  }
  assert.is(await accountCount(server), before, 'no account was made')
  const member = await as(a).invite({ email: 'Maya.Chen@example.com', roles: [roles.Viewer] })
  assert.is(member.status, 409)
  assert.is(member.body.message, 'This person is already a member of this organization')
})

test('invites an existing account as any other: invited until it accepts, with the link by mail', async () => {
  const created = expectStatus<Rec>(await as(a).invite({ email: b.email, roles: [roles.Viewer] }), 201)
  assert.is(created.id, b.userId)
  assert.is(created.status, 'invited')
  assert.ok(Date.parse(created.invitation_expires_at) > Date.now())
  const mail = await waitForMail(server.dataDir, b.email)
  assert.match(mail.text, /You are invited to Default organization/)
  assert.ok(mail.token, 'an invitation link')
  const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', b.token), 200)
  assert.not.ok(self.organizations.some((org: Rec) => org.id === a.organizationId), 'not a member before accepting')
  expectStatus(await as(a).remove(b.userId), 200)
  assert.is(await userExists(server, b.userId), true, 'the account stays')
})

test('changes roles and status with the version; a stale version gets 409 with the current record', async () => {
  const jonas = await memberByEmail(server, a.token, 'jonas.weber@example.com')
  const saved = expectStatus<Rec>(await as(a).update(jonas.id, { ...jonas, roles: [roles.Viewer, roles.Billing] }), 200)
  assert.is(saved.version, jonas.version + 1)
  assert.equal(saved.roles.map((role: Rec) => role.name), ['Billing', 'Viewer'])
  assert.equal((await rolesHeldBy(server, jonas.id, a.organizationId)).sort(), [roles.Viewer, roles.Billing].sort())

  const stale = await as(a).update(jonas.id, { ...jonas, roles: [roles.Operator] })
  assert.is(stale.status, 409)
  assert.equal(stale.body.current, saved)
  assert.equal(expectStatus(await as(a).get(jonas.id), 200), saved, 'the stale save changed nothing')

  const restored = expectStatus<Rec>(await as(a).update(jonas.id, { ...saved, roles: [roles.Operator] }), 200)
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${jonas.id}`, a.token), 200)
  assert.equal(trail.slice(0, 2).map((entry) => [entry.action, entry.fields, entry.record_name]), [
    ['update', ['roles'], 'Jonas Weber'],
    ['update', ['roles'], 'Jonas Weber'],
  ])
  assert.is(restored.version, saved.version + 1)
  // The record as read goes back as it is: its roles as `{id, name}`.
  const again = expectStatus<Rec>(await as(a).update(jonas.id, restored), 200)
  assert.equal(again.roles, restored.roles)
})

test('refuses edits that are not allowed: bad roles, setting or leaving invited by hand, a missing version', async () => {
  const ravi = await memberByEmail(server, a.token, 'ravi.kumar@example.com')
  const maya = await memberByEmail(server, a.token, 'maya.chen@example.com')
  const activate = await as(a).update(ravi.id, { ...ravi, roles: ravi.roles.map((role: Rec) => role.id), status: 'active' })
  assert.is(activate.status, 400)
  assert.ok(activate.body.errors.status)
  const invite = await as(a).update(maya.id, { ...maya, roles: [roles.Operator], status: 'invited' })
  assert.is(invite.status, 400)
  const unknown = await as(a).update(maya.id, { ...maya, roles: ['nope'] })
  assert.is(unknown.status, 400)
  assert.is(unknown.body.errors.roles, 'A chosen role does not exist in this organization')
  const empty = await as(a).update(maya.id, { ...maya, roles: [] })
  assert.is(empty.status, 400)
  assert.is((await as(a).update(maya.id, { roles: [roles.Operator], status: 'active' })).status, 400)
  // The roles of an invited member change while they stay invited.
  const changed = expectStatus<Rec>(await as(a).update(ravi.id, { ...ravi, roles: [roles.Billing] }), 200)
  assert.is(changed.status, 'invited')
  assert.equal(expectStatus<Rec>(await as(a).get(maya.id), 200), maya, 'nothing changed on the refusals')
})

test('removes a member from the organization; an invited account belonging nowhere else goes with it', async () => {
  const email = newAddress('removed')
  const invited = expectStatus<Rec>(await as(a).invite({ email, roles: [roles.Viewer] }), 201)
  const removed = expectStatus<Rec>(await as(a).remove(invited.id), 200)
  assert.is(removed.id, invited.id)
  assert.is((await as(a).get(invited.id)).status, 404)
  assert.is(await userExists(server, invited.id), false)
  assert.is(await invitationCount(server, invited.id, { open: false }), 0)

  const lena = await memberByEmail(server, a.token, 'lena.fischer@example.com')
  expectStatus(await as(a).remove(lena.id), 200)
  assert.is((await as(a).get(lena.id)).status, 404)
  assert.equal(await rolesHeldBy(server, lena.id), [], 'her roles here are gone')
  assert.is(await userExists(server, lena.id), true, 'her account stays')
  assert.is((await as(a).remove(lena.id)).status, 404)
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=users&record_id=${lena.id}`, a.token), 200)
  assert.equal([trail[0]!.action, trail[0]!.record_name], ['delete', 'Lena Fischer'])
})

test('lists the last 20 sign-ins of a member, newest first, with the browser in words', async () => {
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
  for (let n = 0; n < 22; n++) {
    server.advance(1000)
    const res = await fetch(`${server.url}/api/login/users/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': n === 21 ? chrome : 'curl/8.5.0', 'X-Forwarded-For': `192.0.2.${n + 1}` },
      body: JSON.stringify({ email: b.email, password: 'Tenant-Password-9431' }),
    })
    assert.is(res.status, 200)
  }
  const entries = expectStatus<Rec[]>(await as(b).signIns(b.userId), 200)
  assert.is(entries.length, 20)
  assert.equal(entries[0], { at: entries[0]!.at, method: 'password', ip: '192.0.2.22', browser: 'Chrome 126 on Windows' })
  assert.equal(entries[1]!.browser, 'curl 8')
  assert.equal(entries.map((entry) => entry.at), entries.map((entry) => entry.at).sort().reverse())
  const maya = await memberByEmail(server, a.token, 'maya.chen@example.com')
  const seeded = expectStatus<Rec[]>(await as(a).signIns(maya.id), 200)
  assert.is(seeded[0]!.at, maya.last_sign_in)
  assert.ok(seeded.every((entry) => entry.browser && entry.ip && entry.method))
})

test('answers 403 to a member without the users right, on every route', async () => {
  const c = await register(server, 'No users right')
  await limitRights(server, c.email, ['devices'])
  const own = people(server, c.token)
  const answers = [
    await own.list(),
    await own.get(c.userId),
    await own.invite({ email: newAddress(), roles: ['x'] }),
    await own.update(c.userId, { roles: ['x'], status: 'active', version: 1 }),
    await own.remove(c.userId),
    await own.resend(c.userId),
    await own.withdraw(c.userId),
    await own.signIns(c.userId),
  ]
  assert.equal(answers.map((answer) => answer.status), [403, 403, 403, 403, 403, 403, 403, 403])
  assert.is((await call(server, 'GET', '/users/self', c.token)).status, 200, 'the own user still reads')
})

test("answers 404 for another organization's members on every route, and never lists them", async () => {
  const ravi = await memberByEmail(server, a.token, 'ravi.kumar@example.com')
  const theirs = [a.userId, ravi.id]
  for (const id of theirs) {
    const answers = [
      await as(b).get(id),
      await as(b).update(id, { roles: [(await roleIds(server, b.organizationId)).Administrator], status: 'disabled', version: 1 }),
      await as(b).remove(id),
      await as(b).resend(id),
      await as(b).withdraw(id),
      await as(b).signIns(id),
    ]
    assert.equal(answers.map((answer) => answer.status), [404, 404, 404, 404, 404, 404], id)
  }
  assert.equal(expectStatus(await as(b).list({ q: 'maya' }), 200).length, 0)
  assert.equal(names(expectStatus(await as(b).list(), 200)), ['Other tenant'])
  assert.is(expectStatus<Rec>(await as(a).get(ravi.id), 200).status, 'invited', 'their tries changed nothing')
  assert.is(expectStatus<Rec>(await as(a).get(a.userId), 200).status, 'active')
})

test.run()
