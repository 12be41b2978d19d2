import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { disableMember, entriesOfAction, memberOf, organizationNames, organizationOf, pick, rolesOf, setCurrentFlag, setCurrentOrganization, setMemberStatus, trailOf as trailOf_ } from '../../fixtures'
import { RIGHTS } from '../../../src/contract/rights'
import { openEvents } from '../collections/_events'
import { call, createDevice, createTunnel, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from '../collections/_api'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

/** The organization calls of one caller. */
const orgs = (who: { token: string }) => ({
  list: (query: Record<string, string | number> = {}) =>
    call(server, 'GET', `/organizations/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who.token),
  create: (body: unknown) => call(server, 'POST', '/organizations/', who.token, body),
  rename: (id: string, body: unknown) => call(server, 'PUT', `/organizations/${encodeURIComponent(id)}`, who.token, body),
  switchTo: (id: string) => call(server, 'POST', `/organizations/${encodeURIComponent(id)}/switch`, who.token),
})

const self = async (who: { token: string }) => expectStatus<Rec>(await call(server, 'GET', '/users/self', who.token), 200, 'self')
const createOrg = async (who: Tenant, name: string) => expectStatus<Rec>(await orgs(who).create({ name }), 201, `create ${name}`)
const trailOf = async (organizationId: string, recordId: string) =>
  pick(await trailOf_(server, recordId, organizationId), ['action', 'actor_kind', 'actor_id', 'collection', 'record_name', 'fields'])

test('lists only the organizations I am an active member of, the current one marked', async () => {
  const me = await register(server, 'Lister')
  const other = await register(server, 'Other')
  const list = await orgs(me).list()
  assert.is(list.headers.get('X-Total-Count'), '1')
  assert.equal(
    list.body.map((row: Rec) => [row.id, row.name, row.plan, row.member_count, row.current, row.can_rename, row.version]),
    [[me.organizationId, "Lister's organization", 'free', 1, true, true, 1]],
  )
  // Joining another organization lists it too, with its members; being disabled there hides it again.
  await joinOrganization(server, me, other.organizationId, ['devices'])
  await setCurrentFlag(server, me.userId, me.organizationId, 1)
  await setCurrentFlag(server, me.userId, other.organizationId, 0)
  const both = await orgs(me).list()
  assert.equal(
    both.body.map((row: Rec) => [row.id, row.member_count, row.current, row.can_rename]),
    [
      [me.organizationId, 1, true, true],
      [other.organizationId, 2, false, false],
    ],
  )
  await disableMember(server, me.userId, other.organizationId)
  assert.equal((await orgs(me).list()).body.map((row: Rec) => row.id), [me.organizationId])
  assert.equal((await orgs(other).list()).body.map((row: Rec) => [row.id, row.member_count]), [[other.organizationId, 1]])
})

test('searches, sorts and pages my organizations with a total', async () => {
  const me = await register(server, 'Pager')
  for (const name of ['Acme North', 'Acme South', 'Beta', 'Gamma', 'Delta', 'Epsilon']) await createOrg(me, name)
  const page = await orgs(me).list({ per_page: 5, page: 2 })
  assert.is(page.headers.get('X-Total-Count'), '7')
  assert.equal(page.body.map((row: Rec) => row.name), ['Gamma', "Pager's organization"])
  const acme = await orgs(me).list({ q: 'acme', sort: 'name', order: 'desc' })
  assert.equal(acme.body.map((row: Rec) => row.name), ['Acme South', 'Acme North'])
  assert.is(acme.headers.get('X-Total-Count'), '2')
  assert.is((await orgs(me).list({ sort: 'owner' })).status, 400)
  assert.is((await orgs(me).list({ page: 0 })).status, 400)
})

test('creates an organization whose Administrator I am, without switching to it', async () => {
  const me = await register(server, 'Founder')
  const created = await createOrg(me, '  New venture  ')
  assert.equal(
    { ...created, id: '', created_at: '', updated_at: '' },
    { id: '', name: 'New venture', plan: 'free', member_count: 1, current: false, can_rename: true, created_at: '', updated_at: '', version: 1 },
  )
  const user = await self(me)
  assert.is(user.organization.id, me.organizationId)
  assert.equal(user.organizations.map((row: Rec) => row.name).sort(), ["Founder's organization", 'New venture'])
  const [role] = pick(await rolesOf(server, created.id), ['name', 'builtin', 'rights'])
  assert.equal(role, { name: 'Administrator', builtin: 1, rights: JSON.stringify(RIGHTS) })
  assert.equal(await memberOf(server, me.userId, created.id), { status: 'active', current: 0 })
  assert.equal(await trailOf(created.id, created.id), [
    { action: 'create', actor_kind: 'user', actor_id: me.userId, collection: 'organizations', record_name: 'New venture', fields: '[]' },
  ])

  // There, once switched to, I hold every right.
  expectStatus(await orgs(me).switchTo(created.id), 200)
  const there = await self(me)
  assert.equal([there.organization, there.rights], [{ id: created.id, name: 'New venture' }, [...RIGHTS]])

  const same = await orgs(me).create({ name: 'new VENTURE' })
  assert.is(same.status, 409)
  assert.is(same.body.message, 'You already belong to an organization with this name')
  const empty = await orgs(me).create({ name: ' ' })
  assert.is(empty.status, 400)
  assert.ok(empty.body.errors.name)
  assert.is((await orgs(me).create({})).status, 400)
  // Another person may well have an organization of that name.
  await createOrg(await register(server, 'Someone'), 'New venture')
})

test('creating and switching are for people: a key is refused, and a key made in one organization works only there', async () => {
  const me = await register(server, 'Keyed')
  const device = expectStatus<Rec>(await me.create('devices', createDevice({ name: 'Home device' })), 201)
  const key = expectStatus<Rec>(await me.create('access_keys', { name: 'Home key', scopes: ['devices', 'organizations'], expires_in_days: 7 }), 201)
  const asKey = { token: key.secret as string }
  assert.is((await orgs(asKey).create({ name: 'By key' })).status, 403)
  const other = await createOrg(me, 'Elsewhere')
  assert.is((await orgs(asKey).switchTo(other.id)).status, 403)
  // A key sees its own organization only, and cannot rename another of its maker's.
  assert.equal((await orgs(asKey).list()).body.map((row: Rec) => [row.id, row.current]), [[me.organizationId, true]])
  assert.is((await orgs(asKey).rename(other.id, { name: 'Hijacked', version: 1 })).status, 404)

  expectStatus(await orgs(me).switchTo(other.id), 200)
  expectStatus(await me.create('devices', createDevice({ name: 'Away device' })), 201)
  const byKey = await call(server, 'GET', '/devices/', key.secret)
  assert.equal(byKey.body.map((row: Rec) => row.id), [device.id])
  assert.is((await call(server, 'GET', `/devices/${device.id}`, key.secret)).status, 200)
  assert.is(await organizationOf(server, 'access_keys', key.id), me.organizationId)
  // A key made after the switch belongs to the new organization.
  const away = expectStatus<Rec>(await me.create('access_keys', { name: 'Away key', scopes: ['devices'], expires_in_days: 7 }), 201)
  assert.equal((await call(server, 'GET', '/devices/', away.secret)).body.map((row: Rec) => row.name), ['Away device'])
})

test('renames with the right in that organization, 409 on a stale version, 403 without the right, 404 outside', async () => {
  const me = await register(server, 'Renamer')
  const boss = await register(server, 'Boss')
  const created = await createOrg(me, 'Old name')
  const renamed = expectStatus<Rec>(await orgs(me).rename(created.id, { ...created, name: 'New name' }), 200)
  assert.equal([renamed.name, renamed.version, renamed.current], ['New name', 2, false])
  assert.equal((await trailOf(created.id, created.id)).map((row) => [row.action, row.fields]), [
    ['create', '[]'],
    ['update', '["name"]'],
  ])
  const stale = await orgs(me).rename(created.id, { name: 'Stale', version: 1 })
  assert.is(stale.status, 409)
  assert.equal(stale.body.current, renamed)
  assert.is((await orgs(me).rename(created.id, { name: 'No version' })).status, 400)
  assert.is((await orgs(me).rename(created.id, { name: '', version: 2 })).status, 400)
  const taken = await orgs(me).rename(created.id, { name: "RENAMER's organization", version: 2 })
  assert.is(taken.status, 409)
  assert.is(taken.body.message, 'You already belong to an organization with this name')

  // A member without `organizations` there may not rename it, though they hold it in their current one.
  await joinOrganization(server, me, boss.organizationId, ['devices'])
  await setCurrentOrganization(server, me.userId, me.organizationId)
  const theirs = await orgs(me).rename(boss.organizationId, { name: 'Mine', version: 1 })
  assert.is(theirs.status, 403)
  // Not a member at all: it does not exist for me.
  const stranger = await register(server, 'Stranger')
  assert.is((await orgs(stranger).rename(created.id, { name: 'Mine', version: 2 })).status, 404)
  assert.is((await orgs(stranger).rename('x'.repeat(80), { name: 'Mine', version: 2 })).status, 404)
  assert.equal(await organizationNames(server, [created.id, boss.organizationId]), [
    { name: "Boss's organization", version: 1 },
    { name: 'New name', version: 2 },
  ])
})

test('switches, after which every collection answers the new organization only', async () => {
  const me = await register(server, 'Switcher')
  const home = me.organizationId
  const device = expectStatus<Rec>(await me.create('devices', createDevice({ name: 'Home box' })), 201)
  const tunnel = expectStatus<Rec>(await me.create('tunnels', createTunnel(device.id)), 201)
  const key = expectStatus<Rec>(await me.create('access_keys', { name: 'Home key', scopes: ['devices'], expires_in_days: 7 }), 201)
  const role = expectStatus<Rec>(await call(server, 'POST', '/roles/', me.token, { name: 'Home role', rights: [] }), 201)
  const away = await createOrg(me, 'Away')

  const stream = await openEvents(server, me.token)
  const answer = await orgs(me).switchTo(away.id)
  const user = expectStatus<Rec>(answer, 200)
  assert.equal([user.id, user.organization, user.rights], [me.userId, { id: away.id, name: 'Away' }, [...RIGHTS]])
  // The open stream was scoped to the old organization: it ends, to reconnect in the new one.
  assert.ok(await stream.waitForEnd(2000), 'the stream ended')

  const homeIds = [device.id, tunnel.id, key.id, role.id, home]
  for (const collection of ['devices', 'tunnels', 'access_keys', 'roles', 'app_ids', 'users', 'audit']) {
    const list = await call(server, 'GET', `/${collection}/`, me.token)
    if (list.status === 404 && collection === 'users') continue
    assert.is(list.status, 200, collection)
    assert.not.ok(homeIds.some((id) => list.text.includes(id)), `${collection} shows the old organization`)
  }
  assert.equal((await call(server, 'GET', '/roles/', me.token)).body.map((row: Rec) => row.name), ['Administrator'])
  assert.is((await call(server, 'GET', `/devices/${device.id}`, me.token)).status, 404)
  assert.equal((await orgs(me).list()).body.map((row: Rec) => [row.name, row.current]), [
    ['Away', true],
    ["Switcher's organization", false],
  ])
  const there = expectStatus<Rec>(await me.create('devices', createDevice({ name: 'Away box' })), 201)
  assert.is(await organizationOf(server, 'devices', there.id), away.id)

  expectStatus(await orgs(me).switchTo(home), 200)
  assert.equal((await call(server, 'GET', '/devices/', me.token)).body.map((row: Rec) => row.id), [device.id])
  // Each switch is in the trail of the organization switched to.
  assert.equal((await trailOf(away.id, away.id)).map((row) => [row.action, row.actor_id]), [
    ['create', me.userId],
    ['switch', me.userId],
  ])
  assert.equal((await trailOf(home, home)).map((row) => [row.action, row.actor_kind, row.record_name]), [['switch', 'user', "Switcher's organization"]])
})

test('switches without the organizations right, only to an organization where I am an active member', async () => {
  const owner = await register(server, 'Owner')
  const member = await register(server, 'Member')
  await joinOrganization(server, member, owner.organizationId, ['devices'])
  assert.is((await self(member)).organization.id, owner.organizationId)
  assert.is((await orgs(member).list()).status, 403)
  expectStatus(await orgs(member).switchTo(member.organizationId), 200)
  assert.is((await self(member)).organization.id, member.organizationId)

  // Not a member, an unknown id, and a disabled membership are all 404, and nothing changes.
  const stranger = await register(server, 'Outsider')
  assert.is((await orgs(member).switchTo(stranger.organizationId)).status, 404)
  assert.is((await orgs(member).switchTo('no-such-organization')).status, 404)
  await disableMember(server, member.userId, owner.organizationId)
  assert.is((await orgs(member).switchTo(owner.organizationId)).status, 404)
  await setMemberStatus(server, member.userId, owner.organizationId, 'invited')
  assert.is((await orgs(member).switchTo(owner.organizationId)).status, 404)
  assert.is((await self(member)).organization.id, member.organizationId)
  assert.equal(await entriesOfAction(server, 'switch', [stranger.organizationId, owner.organizationId]), [])
  assert.is((await call(server, 'POST', `/organizations/${member.organizationId}/switch`)).status, 401)
})

test.run()
