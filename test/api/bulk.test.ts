import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bulkItemCount, bulkJobTallies, deviceCount, insertDevices, joinOrganization as joinWithRole, memberStatus, rolesManagerCount, setPlan, skipReasons, until } from '../fixtures'
import { BULK_BATCH } from '../../src/contract/bulk'
import { RIGHTS } from '../../src/contract/rights'
import { message } from '../../src/server/messages'
import { call, createDevice, createHeartbeat, createKey, createTunnel, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from './collections/_api'
import { openEvents } from './collections/_events'
import { roleIds } from './people/_people'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  // No device goes offline on its own while a test counts versions.
  server = await startServer({ offlineAfterS: 3600 })
})
test.after(() => server.close())

let made = 0
const unique = () => `${process.pid}-${++made}`

const preview = (who: Tenant, body: unknown) => call(server, 'POST', '/bulk/preview', who.token, body)
const run = (who: Tenant, id: string) => call(server, 'POST', `/bulk/${encodeURIComponent(id)}/run`, who.token)
const job = (who: Tenant, id: string) => call(server, 'GET', `/bulk/${encodeURIComponent(id)}`, who.token)
const undo = (who: Tenant, id: string) => call(server, 'POST', `/bulk/${encodeURIComponent(id)}/undo`, who.token)
const records = (who: Tenant, id: string, query = '') => call(server, 'GET', `/bulk/${encodeURIComponent(id)}/records${query}`, who.token)

/** Waits until the job has ended (done or failed) and answers it. */
async function finished(who: Tenant, id: string, timeoutMs = 10_000): Promise<Rec> {
  return until(
    async () => {
      const answer = expectStatus<Rec>(await job(who, id), 200, 'GET job')
      return answer.status !== 'running' && answer.status !== 'previewed' ? answer : undefined
    },
    { timeoutMs, everyMs: 20, what: `job ${id} to end` },
  )
}

/** Previews, runs and waits for a job; answers the finished job. */
async function runAll(who: Tenant, body: unknown): Promise<Rec> {
  const previewed = expectStatus<Rec>(await preview(who, body), 201, 'preview')
  expectStatus(await run(who, previewed.id), 202, 'run')
  return finished(who, previewed.id)
}

/** A new organization on a plan with room for `plan`'s devices. */
async function organization(name: string, plan = 'business'): Promise<Tenant> {
  const owner = await register(server, name)
  await setPlan(server, owner.organizationId, plan)
  return owner
}

const device = async (who: Tenant, overrides: Rec = {}) => expectStatus<Rec>(await who.create('devices', createDevice(overrides)), 201, 'create device')

/** Makes `member` a member of `owner`'s organization with the role `roleId` (their current organization). */
async function addMember(owner: Tenant, roleId: string, name = 'Member'): Promise<Tenant> {
  const member = await register(server, name)
  await joinWithRole(server, member.userId, owner.organizationId, { roleId })
  return { ...member, organizationId: owner.organizationId }
}

/** Active members of the organization holding `roles`, as the lockout rule counts them. */
async function rolesManagers(organizationId: string): Promise<number> {
  return rolesManagerCount(server, organizationId)
}

test('a bulk tag over a filter touches exactly the records of the preview, not those made after it', async () => {
  const owner = await organization('Filtered')
  const lab = await Promise.all(Array.from({ length: 6 }, () => device(owner, { tags: ['lab'] })))
  const other = await Promise.all(Array.from({ length: 2 }, () => device(owner, { tags: ['other'] })))
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'lobby' }, selection: { filters: { tag: ['lab'] } } }), 201)
  assert.is(previewed.count, 6)
  assert.equal(previewed.params, { tag: 'lobby' })
  // Made after the preview, matching its filter: never swept in.
  const late = await Promise.all(Array.from({ length: 2 }, () => device(owner, { tags: ['lab'] })))
  expectStatus(await run(owner, previewed.id), 202)
  const done = await finished(owner, previewed.id)
  assert.equal([done.status, done.done, done.changed, done.skipped], ['done', 6, 6, []])
  for (const each of lab) assert.equal(expectStatus<Rec>(await owner.get('devices', each.id), 200).tags, ['lab', 'lobby'])
  for (const each of [...other, ...late]) {
    const now = expectStatus<Rec>(await owner.get('devices', each.id), 200)
    assert.not.ok(now.tags.includes('lobby'), `${now.name} was tagged`)
    assert.is(now.version, each.version)
  }
})

test('a search and filters are read as the list reads them: unknown fields and bad values are 400 naming them', async () => {
  const owner = await organization('Strict')
  await device(owner, { name: `Kiosk ${unique()}` })
  const bad = [
    [{ filters: { colour: ['red'] } }, /colour/],
    [{ filters: { status: ['sleeping'] } }, /status/],
    [{ filters: { last_seen_before: ['yesterday'] } }, /last_seen_before/],
  ] as const
  for (const [selection, named] of bad) {
    const answer = await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'x' }, selection })
    assert.is(answer.status, 400, JSON.stringify(selection))
    assert.match(answer.body.message, named)
  }
  // An action of another collection, a missing or bad tag.
  assert.is((await preview(owner, { collection: 'devices', action: 'revoke', selection: { filters: {} } })).status, 400)
  assert.is((await preview(owner, { collection: 'devices', action: 'tag_add', selection: { filters: {} } })).status, 400)
  assert.is((await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: '#bad tag!' }, selection: { filters: {} } })).status, 400)
  // The list's search: the same count the list's total says.
  const listed = await owner.list('devices', { q: 'Kiosk', 'filter[status]': 'provisioning' })
  const searched = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'x' }, selection: { q: 'Kiosk', filters: { status: ['provisioning'] } } }), 201)
  assert.is(searched.count, Number(listed.headers.get('x-total-count')))
  assert.is(searched.count, 1)
})

test("ids of another organization in `ids` are not in the set and are never touched", async () => {
  const owner = await organization('Picker')
  const stranger = await organization('Stranger')
  const mine = await device(owner)
  const theirs = await device(stranger)
  const done = await runAll(owner, { collection: 'devices', action: 'set_location', params: { location: 'Taken over' }, selection: { ids: [mine.id, theirs.id, 'no-such-id'] } })
  assert.equal([done.count, done.changed], [1, 1])
  assert.is(expectStatus<Rec>(await owner.get('devices', mine.id), 200).location, 'Taken over')
  const after = expectStatus<Rec>(await stranger.get('devices', theirs.id), 200)
  assert.equal([after.location, after.version], [theirs.location, theirs.version])
  // Nor can a delete by their ids reach them.
  const deleted = await runAll(owner, { collection: 'devices', action: 'delete', selection: { ids: [theirs.id] } })
  assert.is(deleted.count, 0)
  expectStatus(await stranger.get('devices', theirs.id), 200)
})

test('a holder without the right gets 403; a member of another organization gets 404 on the job', async () => {
  const owner = await organization('Guarded')
  await device(owner)
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'guarded' }, selection: { filters: {} } }), 201)
  const tunnelsOnly = await register(server, 'Tunnels only')
  await joinOrganization(server, tunnelsOnly, owner.organizationId, ['tunnels'])
  const inside = { ...tunnelsOnly, organizationId: owner.organizationId }
  assert.is((await preview(inside, { collection: 'devices', action: 'tag_add', params: { tag: 'x' }, selection: { filters: {} } })).status, 403)
  for (const answer of [await job(inside, previewed.id), await run(inside, previewed.id), await undo(inside, previewed.id), await records(inside, previewed.id)]) assert.is(answer.status, 403)
  const outsider = await organization('Outsider')
  for (const answer of [await job(outsider, previewed.id), await run(outsider, previewed.id), await undo(outsider, previewed.id), await records(outsider, previewed.id)]) assert.is(answer.status, 404)
  // A holder of the right in the same organization who did not preview it does not run it.
  const devicesToo = await register(server, 'Devices too')
  await joinOrganization(server, devicesToo, owner.organizationId, ['devices'])
  assert.is((await run({ ...devicesToo, organizationId: owner.organizationId }, previewed.id)).status, 404)
  // Still not run by any of them.
  assert.is(expectStatus<Rec>(await job(owner, previewed.id), 200).status, 'previewed')
})

test("only a job's author, or someone holding every right, undoes it: not a member holding the job's right alone", async () => {
  const owner = await organization('Undone by whom')
  const member = async (name: string, rights: readonly string[]) => {
    const someone = await register(server, name)
    await joinOrganization(server, someone, owner.organizationId, [...rights])
    return { ...someone, organizationId: owner.organizationId }
  }
  const devicesOnly = await member('Devices only', ['devices'])
  const keysOnly = await member('Keys only', ['access_keys'])
  const everything = await member('Second administrator', RIGHTS)
  const refusal = "Only who ran this bulk action, or someone holding every right, can undo it"

  // The administrator deletes a device; a devices-only member tries to bring it back.
  const gone = await device(owner)
  const deleted = await runAll(owner, { collection: 'devices', action: 'delete', selection: { ids: [gone.id] } })
  assert.is(expectStatus<Rec>(await job(devicesOnly, deleted.id), 200).undoable, false, 'not undoable by them')
  const tried = await undo(devicesOnly, deleted.id)
  assert.equal([tried.status, tried.body.message], [403, refusal])
  assert.is((await owner.get('devices', gone.id)).status, 404, 'the device stays deleted')
  assert.equal([expectStatus<Rec>(await job(owner, deleted.id), 200).status, expectStatus<Rec>(await job(owner, deleted.id), 200).undoable], ['done', true])

  // The administrator revokes a key; an access_keys-only member tries to bring it back.
  const key = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  const revoked = await runAll(owner, { collection: 'access_keys', action: 'revoke', selection: { ids: [key.id] } })
  const restored = await undo(keysOnly, revoked.id)
  assert.equal([restored.status, restored.body.message], [403, refusal])
  assert.is((await call(server, 'GET', '/devices/', key.secret)).status, 401, 'the key stays revoked')

  // Its author undoes the delete; a member holding every right undoes the revoke.
  expectStatus(await undo(owner, deleted.id), 200)
  expectStatus(await owner.get('devices', gone.id), 200)
  expectStatus(await undo(everything, revoked.id), 200)
  assert.is((await call(server, 'GET', '/devices/', key.secret)).status, 200)
})

test('a job runs once: the second run is 409, even side by side', async () => {
  const owner = await organization('Once')
  await device(owner)
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'once' }, selection: { filters: {} } }), 201)
  const statuses = (await Promise.all([run(owner, previewed.id), run(owner, previewed.id), run(owner, previewed.id)])).map((answer) => answer.status).sort()
  assert.equal(statuses, [202, 409, 409])
  await finished(owner, previewed.id)
  assert.is((await run(owner, previewed.id)).status, 409)
})

test('a preview not run in time is gone', async () => {
  const owner = await organization('Late')
  await device(owner)
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'late' }, selection: { filters: {} } }), 201)
  server.advance(11 * 60_000)
  try {
    assert.is((await run(owner, previewed.id)).status, 404)
  } finally {
    server.advance(-11 * 60_000)
  }
})

test('the sweeper deletes previews never run once expired, and keeps jobs that ran with their records', async () => {
  const owner = await organization('Swept')
  await device(owner)
  const idle = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'idle' }, selection: { filters: {} } }), 201)
  const ran = await runAll(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'ran' }, selection: { filters: {} } })
  server.advance(11 * 60_000)
  try {
    await server.sweep()
    assert.is((await job(owner, idle.id)).status, 404)
    assert.is(await bulkItemCount(server, idle.id), 0)
    assert.is(expectStatus<Rec>(await job(owner, ran.id), 200).status, 'done')
    assert.is(expectStatus<Rec[]>(await records(owner, ran.id), 200).length, 1)
  } finally {
    server.advance(-11 * 60_000)
  }
})

test('disabling users never disables yourself; the others are disabled and can no longer work there', async () => {
  const owner = await organization('Disabling')
  const roles = await roleIds(server, owner.organizationId)
  const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
  const members = [await addMember(owner, viewer.id), await addMember(owner, viewer.id), await addMember(owner, roles.Administrator!, 'Co-admin')]
  const done = await runAll(owner, { collection: 'users', action: 'disable', selection: { filters: { status: ['active'] } } })
  assert.is(done.count, 4)
  assert.is(done.changed, 3)
  assert.equal(done.skipped, [{ id: owner.userId, name: 'Disabling', reason: message('bulkSelf') }])
  assert.is(await memberStatus(server, owner.userId, owner.organizationId), 'active')
  for (const member of members) {
    assert.is(await memberStatus(server, member.userId, owner.organizationId), 'disabled')
    // They work in their own organization from now on, never in this one.
    const self = expectStatus<Rec>(await call(server, 'GET', '/users/self', member.token), 200)
    assert.is.not(self.organization.id, owner.organizationId)
  }
  assert.ok((await rolesManagers(owner.organizationId)) >= 1)
})

test('each record is checked for the caller\'s rights: a manager of users skips those who hold rights they lack', async () => {
  const owner = await organization('Outranking')
  const managers = expectStatus<Rec>(await owner.create('roles', { name: 'User managers', description: '', rights: ['users', 'devices'] }), 201)
  const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
  const manager = await addMember(owner, managers.id, 'Manager')
  const plain = await addMember(owner, viewer.id, 'Plain')
  const done = await runAll(manager, { collection: 'users', action: 'disable', selection: { filters: { status: ['active'] } } })
  assert.is(done.count, 3)
  assert.is(done.changed, 1)
  const reasons = Object.fromEntries(done.skipped.map((skip: Rec) => [skip.id, skip.reason]))
  assert.equal(reasons, { [owner.userId]: message('outranked'), [manager.userId]: message('bulkSelf') })
  assert.is(await memberStatus(server, plain.userId, owner.organizationId), 'disabled')
  // Nor can they give a role holding a right they lack.
  const roles = await roleIds(server, owner.organizationId)
  assert.is((await preview(manager, { collection: 'users', action: 'set_roles', params: { roles: [roles.Administrator!] }, selection: { ids: [plain.userId] } })).status, 403)
})

test('setting roles never leaves nobody managing roles: the last administrator is skipped with the lockout message', async () => {
  const owner = await organization('Demoting')
  const roles = await roleIds(server, owner.organizationId)
  const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
  await addMember(owner, roles.Administrator!, 'Co-admin')
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'users', action: 'set_roles', params: { roles: [viewer.id] }, selection: { filters: { role: [roles.Administrator!] } } }), 201)
  expectStatus(await run(owner, previewed.id), 202)
  // Whichever of the two comes first is demoted (the owner too, who may then no longer read the
  // job): read where it stands from the database.
  await server.idle()
  const done = await bulkJobTallies(server, previewed.id)
  assert.equal([done!.status, Number(done!.count), Number(done!.changed), Number(done!.skipped)], ['done', 2, 1, 1])
  const skipped = await skipReasons(server, previewed.id)
  assert.equal(skipped.map((item) => item.reason), [message('lockout')])
  assert.is(await rolesManagers(owner.organizationId), 1)
})

test('the blast radius of set_roles counts who gains and loses which rights', async () => {
  const owner = await organization('Blast')
  const ops = expectStatus<Rec>(await owner.create('roles', { name: 'Ops', description: '', rights: ['devices', 'tunnels'] }), 201)
  const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
  const keys = expectStatus<Rec>(await owner.create('roles', { name: 'Keys', description: '', rights: ['devices', 'access_keys'] }), 201)
  await addMember(owner, ops.id)
  await addMember(owner, ops.id)
  await addMember(owner, viewer.id)
  const toViewer = expectStatus<Rec>(await preview(owner, { collection: 'users', action: 'set_roles', params: { roles: [viewer.id] }, selection: { filters: { role: [ops.id] } } }), 201)
  assert.equal([toViewer.count, toViewer.blast], [2, { members: 2, gained: [], lost: ['tunnels'], losing_roles: 0 }])
  const toKeys = expectStatus<Rec>(await preview(owner, { collection: 'users', action: 'set_roles', params: { roles: [keys.id] }, selection: { filters: { role: [ops.id, viewer.id] } } }), 201)
  assert.equal(toKeys.blast, { members: 3, gained: ['access_keys'], lost: ['tunnels'], losing_roles: 0 })
  const self = expectStatus<Rec>(await preview(owner, { collection: 'users', action: 'set_roles', params: { roles: [viewer.id] }, selection: { ids: [owner.userId] } }), 201)
  assert.is(self.blast.members, 1)
  assert.is(self.blast.losing_roles, 1)
  assert.ok(self.blast.lost.includes('roles') && !self.blast.lost.includes('devices'))
  const disable = expectStatus<Rec>(await preview(owner, { collection: 'users', action: 'disable', selection: { filters: { role: [ops.id] } } }), 201)
  assert.equal(disable.blast, { members: 2, gained: [], lost: ['devices', 'tunnels'], losing_roles: 0 })
  // A role of another organization is not one to give.
  const stranger = await organization('Role stranger')
  const theirs = expectStatus<Rec>(await stranger.create('roles', { name: 'Theirs', description: '', rights: ['devices'] }), 201)
  assert.is((await preview(owner, { collection: 'users', action: 'set_roles', params: { roles: [theirs.id] }, selection: { filters: {} } })).status, 400)
})

test('tag_remove, set_location and delete on devices each work; a device past 16 tags is skipped with why', async () => {
  const owner = await organization('Devices')
  const full = await device(owner, { tags: Array.from({ length: 16 }, (_, n) => `t${n}`) })
  const plain = await device(owner, { tags: ['lab', 'keep'] })
  const added = await runAll(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'extra' }, selection: { ids: [full.id, plain.id] } })
  assert.is(added.changed, 1)
  assert.equal(added.skipped, [{ id: full.id, name: full.name, reason: message('bulkTooManyTags', { max: 16 }) }])
  const removed = await runAll(owner, { collection: 'devices', action: 'tag_remove', params: { tag: 'lab' }, selection: { ids: [plain.id] } })
  assert.is(removed.changed, 1)
  assert.equal(expectStatus<Rec>(await owner.get('devices', plain.id), 200).tags, ['keep', 'extra'])
  const moved = await runAll(owner, { collection: 'devices', action: 'set_location', params: { location: 'Hall B' }, selection: { ids: [plain.id] } })
  assert.is(moved.changed, 1)
  assert.is(expectStatus<Rec>(await owner.get('devices', plain.id), 200).location, 'Hall B')
  const tunnel = expectStatus<Rec>(await owner.create('tunnels', createTunnel(plain.id)), 201)
  const deleted = await runAll(owner, { collection: 'devices', action: 'delete', selection: { ids: [plain.id, full.id] } })
  assert.is(deleted.changed, 2)
  assert.is((await owner.get('devices', plain.id)).status, 404)
  assert.is((await owner.get('tunnels', tunnel.id)).status, 404)
  // Undone: the device comes back with its id, tags, location and its tunnel.
  const back = expectStatus<Rec>(await undo(owner, deleted.id), 200)
  assert.equal(back, { restored: 2, left: [] })
  const restored = expectStatus<Rec>(await owner.get('devices', plain.id), 200)
  assert.equal([restored.name, restored.serial, restored.tags, restored.location], [plain.name, plain.serial, ['keep', 'extra'], 'Hall B'])
  assert.is(expectStatus<Rec>(await owner.get('tunnels', tunnel.id), 200).device_id, plain.id)
})

test('disable and enable on devices: disabled devices go offline and refuse heartbeats; the undo enables them again', async () => {
  const owner = await organization('Disabling')
  const fleet = await Promise.all(Array.from({ length: 3 }, () => device(owner, { tags: ['dark'] })))
  const other = await device(owner, { tags: ['light'] })
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  for (const each of [...fleet, other]) expectStatus(await call(server, 'POST', `/devices/${each.id}/heartbeat`, issued.secret, createHeartbeat()), 200)
  const disabled = await runAll(owner, { collection: 'devices', action: 'disable', selection: { filters: { tag: ['dark'] } } })
  assert.equal([disabled.count, disabled.changed, disabled.skipped], [3, 3, []])
  for (const each of fleet) {
    const now = expectStatus<Rec>(await owner.get('devices', each.id), 200)
    assert.equal([now.enabled, now.status], [false, 'offline'])
    assert.is((await call(server, 'POST', `/devices/${each.id}/heartbeat`, issued.secret, createHeartbeat())).status, 403)
  }
  assert.is(expectStatus<Rec>(await owner.get('devices', other.id), 200).status, 'online')
  // Disabling the disabled again changes nothing: each is skipped as already so.
  const again = await runAll(owner, { collection: 'devices', action: 'disable', selection: { filters: { enabled: ['false'] } } })
  assert.equal([again.count, again.changed, again.skipped.length], [3, 0, 3])
  assert.is(again.skipped[0].reason, message('bulkUnchanged'))
  // The first job's undo enables them again; they come online at their next heartbeat.
  const back = expectStatus<Rec>(await undo(owner, disabled.id), 200)
  assert.equal(back, { restored: 3, left: [] })
  for (const each of fleet) {
    assert.equal(expectStatus<Rec>(await owner.get('devices', each.id), 200).enabled, true)
    expectStatus(await call(server, 'POST', `/devices/${each.id}/heartbeat`, issued.secret, createHeartbeat()), 200)
  }
  // Enable over devices another operator disabled since: the undo of the enable disables them again.
  expectStatus(await owner.update('devices', fleet[0]!.id, { ...expectStatus<Rec>(await owner.get('devices', fleet[0]!.id), 200), enabled: false }), 200)
  const enabled = await runAll(owner, { collection: 'devices', action: 'enable', selection: { ids: fleet.map((each) => each.id) } })
  assert.equal([enabled.changed, enabled.skipped.length], [1, 2])
  expectStatus(await call(server, 'POST', `/devices/${fleet[0]!.id}/heartbeat`, issued.secret, createHeartbeat()), 200)
  expectStatus(await undo(owner, enabled.id), 200)
  const undone = expectStatus<Rec>(await owner.get('devices', fleet[0]!.id), 200)
  assert.equal([undone.enabled, undone.status], [false, 'offline'])
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?record_id=${disabled.id}`, owner.token), 200)
  assert.equal(trail.map((entry) => entry.action).sort(), ['bulk_disable', 'bulk_undo'])
})

test('revoke on keys and enable/disable on tunnels each work; a revoked key comes back only within the undo window', async () => {
  const owner = await organization('Keys and tunnels')
  const keys = await Promise.all(Array.from({ length: 3 }, async () => expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'] })), 201)))
  const revoked = await runAll(owner, { collection: 'access_keys', action: 'revoke', selection: { filters: { revoked: ['false'] } } })
  assert.is(revoked.changed, 3)
  for (const key of keys) assert.is((await call(server, 'GET', '/devices/', key.secret)).status, 401)
  assert.ok(revoked.undoable)
  const back = expectStatus<Rec>(await undo(owner, revoked.id), 200)
  assert.is(back.restored, 3)
  for (const key of keys) assert.is((await call(server, 'GET', '/devices/', key.secret)).status, 200)
  // Revoked again, and asked back too late: refused.
  const again = await runAll(owner, { collection: 'access_keys', action: 'revoke', selection: { ids: keys.map((key) => key.id) } })
  server.advance(20_000)
  try {
    assert.not.ok(expectStatus<Rec>(await job(owner, again.id), 200).undoable)
    const late = await undo(owner, again.id)
    assert.is(late.status, 409)
    assert.is(late.body.message, message('bulkUndoWindow', { seconds: 10 }))
  } finally {
    server.advance(-20_000)
  }
  const host = await device(owner)
  const tunnels = await Promise.all([true, false].map(async (enabled) => expectStatus<Rec>(await owner.create('tunnels', createTunnel(host.id, { enabled })), 201)))
  const disabled = await runAll(owner, { collection: 'tunnels', action: 'disable', selection: { filters: { device_id: [host.id] } } })
  assert.equal([disabled.count, disabled.changed, disabled.skipped.length], [2, 1, 1])
  assert.match(disabled.selection_label, host.name)
  for (const tunnel of tunnels) assert.is(expectStatus<Rec>(await owner.get('tunnels', tunnel.id), 200).enabled, false)
  const enabled = await runAll(owner, { collection: 'tunnels', action: 'enable', selection: { ids: tunnels.map((tunnel) => tunnel.id) } })
  assert.is(enabled.changed, 2)
  for (const tunnel of tunnels) assert.is(expectStatus<Rec>(await owner.get('tunnels', tunnel.id), 200).enabled, true)
})

test('undo restores what nobody changed since and names a record edited meanwhile', async () => {
  const owner = await organization('Undoing')
  const fleet = await Promise.all(Array.from({ length: 4 }, () => device(owner, { tags: ['lab'] })))
  const done = await runAll(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'lobby' }, selection: { filters: { tag: ['lab'] } } })
  assert.is(done.changed, 4)
  const edited = expectStatus<Rec>(await owner.get('devices', fleet[1]!.id), 200)
  expectStatus(await owner.update('devices', edited.id, { ...edited, name: 'Edited meanwhile' }), 200)
  const back = expectStatus<Rec>(await undo(owner, done.id), 200)
  assert.is(back.restored, 3)
  assert.equal(back.left, [{ id: edited.id, name: fleet[1]!.name, reason: message('bulkChangedSince') }])
  for (const each of fleet) {
    const now = expectStatus<Rec>(await owner.get('devices', each.id), 200)
    assert.equal(now.tags, each.id === edited.id ? ['lab', 'lobby'] : ['lab'], now.name)
  }
  // Once only.
  assert.is((await undo(owner, done.id)).status, 409)
  assert.is(expectStatus<Rec>(await job(owner, done.id), 200).status, 'undone')
  const listed = expectStatus<Rec[]>(await records(owner, done.id, '?per_page=10'), 200)
  assert.equal(listed.map((record) => record.outcome).sort(), ['left', 'restored', 'restored', 'restored'])
})

test('one audit entry per job, the records listed beneath; the undo writes its own', async () => {
  const owner = await organization('Audited')
  await Promise.all(Array.from({ length: 30 }, () => device(owner, { tags: ['lab'] })))
  await device(owner, { tags: ['other'] })
  const done = await runAll(owner, { collection: 'devices', action: 'set_location', params: { location: 'Lobby' }, selection: { filters: { tag: ['lab'], status: ['provisioning'] } } })
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?record_id=${done.id}`, owner.token), 200)
  assert.is(trail.length, 1)
  assert.equal([trail[0]!.action, trail[0]!.collection, trail[0]!.record_name], ['bulk_set_location', 'devices', '30 devices · status: provisioning; tag: lab'])
  assert.is(done.audit_id, trail[0]!.id)
  assert.is(done.selection_label, 'status: provisioning; tag: lab')
  // Not one entry per device.
  const updates = expectStatus<Rec[]>(await call(server, 'GET', '/audit/?collection=devices&action=update', owner.token), 200)
  assert.is(updates.length, 0)
  const page = await records(owner, done.id, '?per_page=25&page=2')
  assert.is(page.headers.get('x-total-count'), '30')
  assert.is(page.body.length, 5)
  assert.ok(page.body.every((record: Rec) => record.outcome === 'changed' && record.name.startsWith('Test device')))
  expectStatus(await undo(owner, done.id), 200)
  const after = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?record_id=${done.id}`, owner.token), 200)
  assert.equal(after.map((entry) => entry.action), ['bulk_undo', 'bulk_set_location'])
})

test('bulk events arrive to holders of the right, per batch and at the end; open lists hear of the changes', async () => {
  const owner = await organization('Evented')
  const count = BULK_BATCH + 20
  const at = new Date().toISOString()
  // Seeded straight into the table: the plan's limit is about creates, not this test.
  await insertDevices(
    server,
    owner.organizationId,
    Array.from({ length: count }, (_, n) => {
      const id = `bulk-ev-${unique()}-${n}`
      return { id, name: `Evented ${n}`, serial: id, model: 'EB', status: 'provisioning', tags: ['lab'], createdAt: at }
    }),
  )
  const tunnelsOnly = await register(server, 'Not told')
  await joinOrganization(server, tunnelsOnly, owner.organizationId, ['tunnels'])
  const stream = await openEvents(server, owner.token)
  const other = await openEvents(server, tunnelsOnly.token)
  try {
    const done = await runAll(owner, { collection: 'devices', action: 'tag_add', params: { tag: 'lobby' }, selection: { filters: { tag: ['lab'] } } })
    assert.is(done.changed, count)
    const last = await stream.waitFor((event) => event.event === 'bulk' && event.data.status === 'done', 5000)
    assert.equal(last.data, { id: done.id, collection: 'devices', status: 'done', done: count, count })
    const progress = stream.events.filter((event) => event.event === 'bulk' && event.data.id === done.id)
    assert.ok(progress.length >= 3, `${progress.length} bulk events`)
    // Many changes in a batch: one change event for the list, not one per device.
    const changes = stream.events.filter((event) => event.event === 'change' && event.data.collection === 'devices')
    assert.ok(changes.length >= 1 && changes.length < 50, `${changes.length} change events`)
    await stream.waitFor((event) => event.event === 'audit' && event.data.record_id === done.id)
    assert.not.ok(other.events.some((event) => event.event === 'bulk'))
  } finally {
    stream.close()
    other.close()
  }
})

test('undoing a delete holds the plan limit when new devices filled the plan', async () => {
  const owner = await organization('Full plan', 'free')
  const fleet = await Promise.all(Array.from({ length: 10 }, () => device(owner)))
  const deleted = await runAll(owner, { collection: 'devices', action: 'delete', selection: { ids: fleet.slice(0, 4).map((each) => each.id) } })
  assert.is(deleted.changed, 4)
  // Three new devices take three of the four places freed.
  for (let n = 0; n < 3; n++) await device(owner)
  assert.is((await owner.create('devices', createDevice())).status, 201)
  const back = expectStatus<Rec>(await undo(owner, deleted.id), 200)
  assert.is(back.restored, 0)
  assert.is(back.left.length, 4)
  assert.ok(back.left.every((skip: Rec) => skip.reason === message('planLimitDevices', { limit: 10 })))
  assert.is(await deviceCount(server, owner.organizationId), 10)
})

test('a selection over the bound, or ids and filters at once, are refused', async () => {
  const owner = await organization('Bounds')
  const both = await preview(owner, { collection: 'devices', action: 'delete', selection: { ids: ['a'], filters: {} } })
  assert.is(both.status, 400)
  const many = Array.from({ length: 1000 }, (_, n) => `picked-${n}`)
  const picked = await preview(owner, { collection: 'devices', action: 'delete', selection: { ids: many } })
  assert.is(picked.status, 201, picked.text)
  assert.is(picked.body.count, 0)
  assert.is((await preview(owner, { collection: 'devices', action: 'delete', selection: { ids: [...many, 'one-more'] } })).status, 400)
})

test.run()

