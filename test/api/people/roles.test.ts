import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { RIGHTS } from '../../../src/contract/rights'
import type { UserStatus } from '../../../src/server/db/schema'
import { actionsOf, builtinRoleOf, disableMember, disableUser, holdersOf, insertPerson, memberStatus, roleRow, rolesHeldBy, rolesNamed, setMemberStatus } from '../../fixtures'
import { openEvents } from '../collections/_events'
import { call, expectStatus, joinOrganization, register, signIn, startServer, type Tenant, type TestServer } from '../collections/_api'

type Rec = Record<string, any>

let server: TestServer
let me: Tenant

test.before(async () => {
  server = await startServer()
  me = await register(server, 'Roles')
})
test.after(() => server.close())

let made = 0
const createRole = (overrides: Rec = {}) => ({ name: `Test role ${process.pid}-${++made}`, description: 'For tests', rights: ['devices'], ...overrides })

/** The role calls of one caller. */
const roles = (who: { token: string }) => ({
  list: (query: Record<string, string | number> = {}) => call(server, 'GET', `/roles/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who.token),
  get: (id: string) => call(server, 'GET', `/roles/${encodeURIComponent(id)}`, who.token),
  create: (body: unknown) => call(server, 'POST', '/roles/', who.token, body),
  update: (id: string, body: unknown) => call(server, 'PUT', `/roles/${encodeURIComponent(id)}`, who.token, body),
  remove: (id: string) => call(server, 'DELETE', `/roles/${encodeURIComponent(id)}`, who.token),
  preview: (id: string, body: unknown) => call(server, 'POST', `/roles/${encodeURIComponent(id)}/preview`, who.token, body),
  members: (id: string, query = '') => call(server, 'GET', `/roles/${encodeURIComponent(id)}/members${query}`, who.token),
})

const newRole = async (who: Tenant = me, overrides: Rec = {}) => expectStatus<Rec>(await roles(who).create(createRole(overrides)), 201, 'create role')
const rowOf = async (id: string): Promise<Rec> => (await roleRow(server, id))!
const builtinOf = async (who: Tenant): Promise<Rec> => (await builtinRoleOf(server, who.organizationId))!
const assignmentsOf = (roleId: string) => holdersOf(server, roleId)

/**
 * A person of `organizationId` written straight into the database, holding `roleIds`; their place
 * there is `status` (active, invited, disabled).
 */
async function addPerson(organizationId: string, roleIds: string[], status: UserStatus = 'active', name = `Person ${++made}`): Promise<string> {
  return insertPerson(server, organizationId, { name, status, roleIds })
}

/** A second account that signs in and works in `owner`'s organization through a role with `rights`. */
async function colleague(owner: Tenant, rights: string[], name = 'Colleague'): Promise<Tenant & { roleId: string }> {
  const member = await register(server, name)
  await joinOrganization(server, member, owner.organizationId, rights)
  const [roleId] = await rolesHeldBy(server, member.userId, owner.organizationId)
  return { ...member, organizationId: owner.organizationId, roleId: roleId! }
}

test('creates a role, reads it back, updates it and deletes it', async () => {
  const created = await newRole(me, { name: 'Field engineers', description: '  Look after devices  ', rights: ['tunnels', 'devices', 'devices'] })
  assert.equal(
    { ...created, id: '', created_at: '', updated_at: '' },
    { id: '', name: 'Field engineers', description: 'Look after devices', rights: ['devices', 'tunnels'], builtin: false, member_count: 0, created_at: '', updated_at: '', version: 1 },
  )
  assert.equal(expectStatus(await roles(me).get(created.id), 200), created)

  server.advance(1000)
  // The whole record goes back; what the server keeps (builtin, member count) is not the editor's.
  const updated = expectStatus<Rec>(await roles(me).update(created.id, { ...created, rights: [], builtin: true, member_count: 99, description: '' }), 200)
  assert.equal(updated, { ...created, rights: [], description: '', version: 2, updated_at: updated.updated_at })
  assert.ok(updated.updated_at > created.updated_at)

  const gone = expectStatus<Rec>(await roles(me).remove(created.id), 200)
  assert.is(gone.id, created.id)
  assert.is((await roles(me).get(created.id)).status, 404)
  assert.is(await rowOf(created.id), undefined)
  assert.equal(
    await actionsOf(server, created.id),
    ['create', 'update', 'delete'],
  )
})

test('refuses bad input with 400 and field errors, and a second role of the same name with 409', async () => {
  for (const [body, field] of [
    [{ description: '', rights: [] }, 'name'],
    [{ name: '   ', rights: [] }, 'name'],
    [{ name: 'x'.repeat(121), rights: [] }, 'name'],
    [{ name: 'Ok', description: 'x'.repeat(501), rights: [] }, 'description'],
    [{ name: 'Ok', rights: ['devices', 'root'] }, 'rights.1'],
    [{ name: 'Ok', rights: 'devices' }, 'rights'],
    [{ name: 'Ok' }, 'rights'],
  ] as const) {
    const answer = await roles(me).create(body)
    assert.is(answer.status, 400, JSON.stringify(body))
    assert.ok(answer.body.errors?.[field], `${JSON.stringify(body)}: ${answer.text}`)
  }
  const first = await newRole(me, { name: 'Auditors' })
  const again = await roles(me).create(createRole({ name: 'Auditors' }))
  assert.is(again.status, 409)
  assert.is(again.body.message, 'A role with this name already exists in this organization')
  const other = await newRole()
  const renamed = await roles(me).update(other.id, { ...other, name: 'Auditors' })
  assert.is(renamed.status, 409)
  assert.is(renamed.body.message, 'A role with this name already exists in this organization')
  // Another organization may have its own Auditors.
  const stranger = await register(server, 'Stranger')
  await newRole(stranger, { name: 'Auditors' })
  assert.is((await rowOf(first.id)).name, 'Auditors')
})

test('searches name and description, sorts by name and member count, and pages with a total', async () => {
  const owner = await register(server, 'Lister')
  const small = await newRole(owner, { name: 'Zeta operators', description: 'night shift' })
  const big = await newRole(owner, { name: 'Alpha operators', description: 'day shift' })
  const none = await newRole(owner, { name: 'Mid viewers', description: 'reads only' })
  await addPerson(owner.organizationId, [big.id])
  await addPerson(owner.organizationId, [big.id, small.id])
  await addPerson(owner.organizationId, [big.id])
  // Only active members count.
  await addPerson(owner.organizationId, [small.id], 'invited')
  await addPerson(owner.organizationId, [small.id], 'disabled')

  const all = await roles(owner).list()
  assert.is(all.headers.get('X-Total-Count'), '4')
  assert.equal(
    all.body.map((role: Rec) => [role.name, role.member_count, role.builtin]),
    [
      ['Administrator', 1, true],
      ['Alpha operators', 3, false],
      ['Mid viewers', 0, false],
      ['Zeta operators', 1, false],
    ],
  )
  const byCount = await roles(owner).list({ sort: 'member_count', order: 'desc' })
  assert.equal(byCount.body.map((role: Rec) => role.member_count), [3, 1, 1, 0])
  assert.is(byCount.body[0].id, big.id)
  assert.is(byCount.body.at(-1).id, none.id)

  const search = await roles(owner).list({ q: 'shift' })
  assert.is(search.headers.get('X-Total-Count'), '2')
  assert.equal(search.body.map((role: Rec) => role.name), ['Alpha operators', 'Zeta operators'])
  assert.equal((await roles(owner).list({ q: 'VIEWERS' })).body.map((role: Rec) => role.id), [none.id])
  assert.equal((await roles(owner).list({ q: '%' })).body, [])

  for (let i = 0; i < 4; i++) await newRole(owner, { name: `Paged ${i}` })
  const page2 = await roles(owner).list({ per_page: 5, page: 2, sort: 'name' })
  assert.is(page2.headers.get('X-Total-Count'), '8')
  assert.equal(page2.body.map((role: Rec) => role.name), ['Paged 2', 'Paged 3', 'Zeta operators'])
  assert.is((await roles(owner).list({ sort: 'rights' })).status, 400)
  assert.is((await roles(owner).list({ per_page: 7 })).status, 400)
})

test('answers 409 with the current role to a save of a stale version, changing nothing', async () => {
  const role = await newRole()
  const first = expectStatus<Rec>(await roles(me).update(role.id, { ...role, name: `${role.name} 2` }), 200)
  const stale = await roles(me).update(role.id, { ...role, rights: ['billing'] })
  assert.is(stale.status, 409)
  assert.equal(stale.body.current, first)
  assert.equal((await rowOf(role.id)).rights, '["devices"]')
  const forged = await roles(me).update(role.id, { ...role, version: 99 })
  assert.is(forged.status, 409)
  assert.is((await roles(me).update(role.id, { name: 'No version', rights: [] })).status, 400)
})

test('answers 403 to a caller without the roles right, on every route', async () => {
  const viewer = await colleague(me, ['devices'], 'Viewer')
  const role = await newRole()
  assert.is((await roles(viewer).list()).status, 403)
  assert.is((await roles(viewer).get(role.id)).status, 403)
  assert.is((await roles(viewer).create(createRole())).status, 403)
  assert.is((await roles(viewer).update(role.id, role)).status, 403)
  assert.is((await roles(viewer).remove(role.id)).status, 403)
  assert.is((await roles(viewer).preview(role.id, { rights: [] })).status, 403)
  assert.is((await roles(viewer).members(role.id)).status, 403)
  assert.is((await call(server, 'GET', '/roles/')).status, 401)
  assert.is((await call(server, 'POST', `/roles/${role.id}/preview`, undefined, { rights: [] })).status, 401)
  assert.ok(await rowOf(role.id))
})

test("answers 404 to another organization's role ids, the preview and members included, changing nothing", async () => {
  const stranger = await register(server, 'Intruder')
  const role = await newRole(me, { rights: ['devices'] })
  const holder = await addPerson(me.organizationId, [role.id])
  const admin = await builtinOf(me)
  for (const id of [role.id, admin.id]) {
    const before = await rowOf(id)
    assert.is((await roles(stranger).get(id)).status, 404)
    assert.is((await roles(stranger).update(id, { name: 'Mine now', rights: [], version: before.version })).status, 404)
    assert.is((await roles(stranger).remove(id)).status, 404)
    const preview = await roles(stranger).preview(id, { rights: [] })
    assert.is(preview.status, 404)
    assert.not.ok(preview.text.includes('devices'))
    assert.is((await roles(stranger).members(id)).status, 404)
    assert.equal(await rowOf(id), before)
  }
  assert.equal(await assignmentsOf(role.id), [holder])
  assert.not.ok((await roles(stranger).list()).body.some((row: Rec) => row.id === role.id))
  assert.is((await roles(me).preview('x'.repeat(65), { rights: [] })).status, 404)
})

test('keeps the Administrator role whole: every right, its name, and undeletable', async () => {
  const admin = await builtinOf(me)
  const record = expectStatus<Rec>(await roles(me).get(admin.id), 200)
  assert.equal([record.name, record.builtin, record.rights], ['Administrator', true, [...RIGHTS]])

  const emptied = await roles(me).update(admin.id, { ...record, rights: [] })
  assert.is(emptied.status, 409)
  assert.is(emptied.body.message, 'The Administrator role holds every right: it cannot lose one or be deleted')
  assert.is((await roles(me).update(admin.id, { ...record, rights: RIGHTS.filter((right) => right !== 'billing') })).status, 409)
  const renamed = await roles(me).update(admin.id, { ...record, name: 'Owners' })
  assert.is(renamed.status, 409)
  assert.is(renamed.body.message, 'The Administrator role keeps its name')
  const deleted = await roles(me).remove(admin.id)
  assert.is(deleted.status, 409)
  assert.is(deleted.body.message, 'The Administrator role holds every right: it cannot lose one or be deleted')
  assert.equal(await rowOf(admin.id), admin)

  // Its description may change, and the same rights in another order are the same rights.
  const described = expectStatus<Rec>(await roles(me).update(admin.id, { ...record, description: 'Owners of everything', rights: [...RIGHTS].reverse() }), 200)
  assert.equal([described.description, described.rights, described.version], ['Owners of everything', [...RIGHTS], admin.version + 1])
})

test('refuses to grant a right the caller does not hold, even through a key', async () => {
  const key = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', me.token, { name: 'Role editor', scopes: ['roles', 'devices'], expires_in_days: 7 }), 201)
  const asKey = roles({ token: key.secret })
  const refused = await asKey.create(createRole({ rights: ['billing'] }))
  assert.is(refused.status, 403)
  assert.is(refused.body.message, 'You cannot grant a right you do not hold yourself')
  const role = expectStatus<Rec>(await asKey.create(createRole({ rights: ['devices'] })), 201)
  assert.is((await asKey.update(role.id, { ...role, rights: ['devices', 'users'] })).status, 403)
  // A right the role already gives may stay, and one the caller holds may go.
  const held = await newRole(me, { rights: ['billing', 'devices'] })
  assert.is((await asKey.update(held.id, { ...held, description: 'kept' })).status, 200)
  assert.equal(expectStatus<Rec>(await asKey.update(held.id, { ...held, version: 2, rights: ['billing'] }), 200).rights, ['billing'])
})

test('refuses to take away a right the caller does not hold, by an edit or a delete', async () => {
  const key = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', me.token, { name: 'Role trimmer', scopes: ['roles', 'devices'], expires_in_days: 7 }), 201)
  const asKey = roles({ token: key.secret })
  const role = await newRole(me, { rights: ['billing', 'devices'] })
  const answers = [await asKey.update(role.id, { ...role, rights: ['devices'] }), await asKey.remove(role.id)]
  assert.equal(answers.map((answer) => [answer.status, answer.body.message]), Array(2).fill([403, 'You cannot take away a right you do not hold yourself']))
  assert.equal((await rowOf(role.id)).rights, '["billing","devices"]')
  assert.is((await rowOf(role.id)).version, role.version)
})

test('counts exactly whom an edit or a delete grants or removes each right, other roles taken into account', async () => {
  const owner = await register(server, 'Preview')
  const a = await newRole(owner, { name: 'A', rights: ['devices', 'tunnels'] })
  const b = await newRole(owner, { name: 'B', rights: ['devices', 'billing'] })
  await addPerson(owner.organizationId, [a.id])
  await addPerson(owner.organizationId, [a.id, b.id])
  await addPerson(owner.organizationId, [b.id])
  await addPerson(owner.organizationId, [a.id, b.id])
  // Neither an invitee nor a disabled member holds any right yet.
  await addPerson(owner.organizationId, [a.id], 'invited')
  await addPerson(owner.organizationId, [a.id], 'disabled')
  const disabledAccount = await addPerson(owner.organizationId, [a.id])
  await disableUser(server, disabledAccount)

  const preview = (id: string, body: unknown) => roles(owner).preview(id, body).then((answer) => expectStatus<Rec>(answer, 200, 'preview'))
  assert.equal(await preview(a.id, { rights: ['billing'] }), { grants: { billing: 1 }, removes: { devices: 1, tunnels: 3 } })
  assert.equal(await preview(a.id, { rights: ['devices', 'tunnels'] }), { grants: {}, removes: {} })
  assert.equal(await preview(a.id, { delete: true }), { grants: {}, removes: { devices: 1, tunnels: 3 } })
  assert.equal(await preview(b.id, { rights: [] }), { grants: {}, removes: { devices: 1, billing: 3 } })
  assert.equal(await preview(b.id, { rights: [...RIGHTS] }), {
    grants: { organizations: 3, access_keys: 3, users: 3, roles: 3, tunnels: 1, app_ids: 3, network: 3, traffic: 3, alerts: 3 },
    removes: {},
  })
  // The Administrator's holder has every right from it alone.
  assert.equal(await preview((await builtinOf(owner)).id, { delete: true }), { grants: {}, removes: Object.fromEntries(RIGHTS.map((right) => [right, 1])) })
  assert.is((await roles(owner).preview(a.id, {})).status, 400)
  assert.is((await roles(owner).preview(a.id, { rights: ['root'] })).status, 400)
  // A preview changes nothing.
  assert.equal((await rowOf(a.id)).rights, '["devices","tunnels"]')

  // And a save does what the preview said.
  const member = await colleague(owner, ['devices'], 'Counted')
  assert.equal(await preview(member.roleId, { rights: ['billing'] }), { grants: { billing: 1 }, removes: { devices: 1 } })
  const role = expectStatus<Rec>(await roles(owner).get(member.roleId), 200)
  expectStatus(await roles(owner).update(role.id, { ...role, rights: ['billing'] }), 200)
  const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', member.token), 200)
  assert.equal(self.rights, ['billing'])
})

test('lists the people holding a role', async () => {
  const owner = await register(server, 'Members')
  const role = await newRole(owner, { name: 'Holders' })
  const ada = await addPerson(owner.organizationId, [role.id], 'active', 'Ada')
  const bob = await addPerson(owner.organizationId, [role.id], 'invited', 'Bob')
  await addPerson(owner.organizationId, [], 'active', 'Cy')
  const answer = await roles(owner).members(role.id)
  assert.is(answer.headers.get('X-Total-Count'), '2')
  // An invited account's name stays its own until it accepts: no name, sorted as one, found by its address alone.
  assert.equal(
    answer.body.map((row: Rec) => [row.id, row.name, row.status]),
    [
      [bob, '', 'invited'],
      [ada, 'Ada', 'active'],
    ],
  )
  assert.equal((await roles(owner).members(role.id, '?q=bob')).body.map((row: Rec) => row.id), [])
  assert.equal((await roles(owner).members(role.id, `?q=${bob.slice(0, 8)}`)).body.map((row: Rec) => row.id), [bob])
  assert.is((await roles(owner).members(role.id, '?sort=password')).status, 400)
})

test('refuses a role edit or delete that leaves nobody able to manage roles', async () => {
  const owner = await register(server, 'Lockout')
  const manager = await colleague(owner, ['roles', 'users'], 'Manager')
  // The owner steps out: the manager is the only active member holding `roles`.
  await disableMember(server, owner.userId, owner.organizationId)
  const role = expectStatus<Rec>(await roles(manager).get(manager.roleId), 200)

  const emptied = await roles(manager).update(role.id, { ...role, rights: [] })
  assert.is(emptied.status, 409)
  assert.is(emptied.body.message, 'This change would leave the organization without an active user who can manage roles')
  assert.equal((await rowOf(role.id)).rights, '["roles","users"]')
  assert.is((await rowOf(role.id)).version, role.version)
  const deleted = await roles(manager).remove(role.id)
  assert.is(deleted.status, 409)
  assert.is(deleted.body.message, 'This change would leave the organization without an active user who can manage roles')
  assert.ok(await rowOf(role.id))
  assert.equal(await assignmentsOf(role.id), [manager.userId])
  // Neither write reached the trail.
  assert.equal((await actionsOf(server, role.id)).filter((action) => action !== 'create'), [])

  // Edits that keep a manager go through; with the owner back, the manager's role may lose `roles`.
  expectStatus(await roles(manager).update(role.id, { ...role, description: 'Still managing' }), 200)
  await setMemberStatus(server, owner.userId, owner.organizationId, 'active')
  expectStatus(await roles(manager).update(role.id, { ...role, version: role.version + 1, rights: [] }), 200)
})

test("deleting a role takes its assignments along; its holders stay members without its rights, and hear of it", async () => {
  const owner = await register(server, 'Cascade')
  const member = await colleague(owner, ['devices', 'tunnels'], 'Holder')
  const stream = await openEvents(server, member.token)
  try {
    expectStatus(await roles(owner).remove(member.roleId), 200)
    await stream.waitFor((event) => event.event === 'rights')
  } finally {
    stream.close()
  }
  assert.equal(await assignmentsOf(member.roleId), [])
  assert.equal(await memberStatus(server, member.userId, owner.organizationId), 'active')
  const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', member.token), 200)
  assert.equal([self.organization.id, self.rights], [owner.organizationId, []])
  assert.is((await call(server, 'GET', '/devices/', member.token)).status, 403)
  // Signing in still works: a member with no role is still a member.
  await signIn(server, member.email, 'Tenant-Password-9431')
})

test("tells a role's holders when its rights change, and nobody when only its name does", async () => {
  const owner = await register(server, 'Told')
  const member = await colleague(owner, ['devices'], 'Listener')
  const stream = await openEvents(server, member.token)
  try {
    const role = expectStatus<Rec>(await roles(owner).get(member.roleId), 200)
    const renamed = expectStatus<Rec>(await roles(owner).update(role.id, { ...role, name: 'Renamed listeners' }), 200)
    expectStatus(await roles(owner).update(role.id, { ...renamed, rights: ['devices', 'tunnels'] }), 200)
    const told = await stream.waitFor((event) => event.event === 'rights')
    assert.equal(told.data, {})
    // Events arrive in order: had the rename told anyone, its event would have come first.
    assert.is(stream.events.filter((event) => event.event === 'rights').length, 1)
  } finally {
    stream.close()
  }
  assert.equal(expectStatus<Rec>(await call(server, 'GET', '/users/self', member.token), 200).rights, ['devices', 'tunnels'])
})

test('saves a role with what its rights need, says so in the preview, and lets nobody grant a need they lack', async () => {
  const owner = await register(server, 'Needs')
  const role = await newRole(owner, { name: 'Tunnel openers', rights: ['tunnels'] })
  assert.equal(role.rights, ['devices', 'tunnels'])
  // Taking a need away while keeping what needs it keeps the need.
  const kept = expectStatus<Rec>(await roles(owner).update(role.id, { ...role, rights: ['tunnels', 'alerts'] }), 200)
  assert.equal(kept.rights, ['devices', 'tunnels', 'alerts'])
  await addPerson(owner.organizationId, [role.id])
  assert.equal(expectStatus<Rec>(await roles(owner).preview(role.id, { rights: ['users'] }), 200), { grants: { users: 1, roles: 1 }, removes: { devices: 1, tunnels: 1, alerts: 1 } })
  assert.equal(expectStatus<Rec>(await roles(owner).update(role.id, { ...kept, rights: ['users'] }), 200).rights, ['users', 'roles'])

  // Holding Tunnels but not Edge & Devices, nobody hands Tunnels out: its need would come with it.
  const editor = await colleague(owner, ['roles', 'tunnels'], 'Editor')
  const refused = await roles(editor).create(createRole({ name: 'Sneaky', rights: ['tunnels'] }))
  assert.equal([refused.status, refused.body.message], [403, 'Tunnels needs Edge & Devices, a right you do not hold yourself'])
  assert.equal(await rolesNamed(server, 'Sneaky'), [])
  const plain = await newRole(owner, { name: 'Plain', rights: [] })
  const widened = await roles(editor).update(plain.id, { ...plain, rights: ['tunnels'] })
  assert.equal([widened.status, widened.body.message], [403, 'Tunnels needs Edge & Devices, a right you do not hold yourself'])
  assert.is((await rowOf(plain.id)).rights, '[]')
})

test('a refusal for a missing right names the right, in the message and in `rights`', async () => {
  const owner = await register(server, 'Named')
  const tunneller = await colleague(owner, ['tunnels'], 'Tunneller')
  const devices = await call(server, 'GET', '/devices/', tunneller.token)
  assert.equal([devices.status, devices.body], [403, { message: 'This needs the Edge & Devices right', rights: ['devices'] }])
  const roleList = await roles(tunneller).list()
  assert.equal([roleList.status, roleList.body], [403, { message: 'This needs the Roles right', rights: ['roles'] }])
  const billing = await call(server, 'GET', '/billing/', tunneller.token)
  assert.equal([billing.status, billing.body], [403, { message: 'This needs the Billing right', rights: ['billing'] }])
  const alerts = await call(server, 'GET', '/alerts', tunneller.token)
  assert.equal([alerts.status, alerts.body], [403, { message: 'This needs the Alerts or Edge & Devices right', rights: ['alerts', 'devices'] }])
  const watcher = await colleague(owner, ['devices'], 'Watcher')
  const mute = await call(server, 'POST', '/alerts/mutes', watcher.token, { device_id: 'x', until: '2030-01-01T00:00:00Z', note: '' })
  assert.equal([mute.status, mute.body], [403, { message: 'This needs the Alerts right', rights: ['alerts'] }])
})

test.run()
