import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { actionsOf, setPlan, until } from '../fixtures'
import { message } from '../../src/server/messages'
import { call, createDevice, expectStatus, register, startServer, type Tenant, type TestServer } from './collections/_api'
import { beat, enrolled, makeKey } from './enrollment/_enrollment'

type Rec = Record<string, any>

let server: TestServer

test.before(async () => {
  // No device goes offline on its own while a test reads statuses.
  server = await startServer({ offlineAfterS: 3600 })
})
test.after(() => server.close())

const preview = (who: Tenant, body: unknown) => call(server, 'POST', '/bulk/preview', who.token, body)
const run = (who: Tenant, id: string) => call(server, 'POST', `/bulk/${encodeURIComponent(id)}/run`, who.token)
const undo = (who: Tenant, id: string) => call(server, 'POST', `/bulk/${encodeURIComponent(id)}/undo`, who.token)
const statusOf = async (who: Tenant, id: string) => (await call(server, 'GET', `/devices/${id}`, who.token)).body.status as string

/** Waits until the job has ended and answers it. */
const finished = (who: Tenant, id: string): Promise<Rec> =>
  until(
    async () => {
      const answer = expectStatus<Rec>(await call(server, 'GET', `/bulk/${encodeURIComponent(id)}`, who.token), 200, 'GET job')
      return answer.status !== 'running' && answer.status !== 'previewed' ? answer : undefined
    },
    { timeoutMs: 10_000, everyMs: 20, what: `job ${id} to end` },
  )

/** Previews, runs and waits for an approval of `ids`; answers the finished job. */
async function approveAll(who: Tenant, selection: Rec): Promise<Rec> {
  const previewed = expectStatus<Rec>(await preview(who, { collection: 'devices', action: 'approve', selection }), 201, 'preview')
  expectStatus(await run(who, previewed.id), 202, 'run')
  return finished(who, previewed.id)
}

/** An organization on a plan with room, with `pending` devices waiting for approval and `others` that are not. */
async function fleet(name: string, pending: number, others: number) {
  const owner = await register(server, name)
  await setPlan(server, owner.organizationId, 'business')
  const key = await makeKey(server, owner, { approve: true, max_uses: pending })
  const waiting = []
  for (let i = 0; i < pending; i++) waiting.push(await enrolled(server, key.secret))
  const rest: Rec[] = []
  for (let i = 0; i < others; i++) rest.push(expectStatus<Rec>(await owner.create('devices', createDevice()), 201, 'create device'))
  return { owner, waiting, rest }
}

test('approves the pending devices selected and skips the others as not pending; each has its trail entry', async () => {
  const { owner, waiting, rest } = await fleet('Bulk approver', 3, 2)
  const done = await approveAll(owner, { ids: [...waiting.map((device) => device.id), ...rest.map((device) => device.id)] })
  assert.equal([done.status, done.count, done.done, done.changed], ['done', 5, 5, 3])
  assert.equal(done.skipped.map((skip: Rec) => [skip.id, skip.reason]).sort(), rest.map((device) => [device.id, message('notPending')]).sort())
  assert.ok(done.undoable)
  for (const device of waiting) {
    assert.is(await statusOf(owner, device.id), 'provisioning')
    assert.equal(await actionsOf(server, device.id), ['enroll', 'approve'])
  }
  for (const device of rest) assert.is((await call(server, 'GET', `/devices/${device.id}`, owner.token)).body.version, device.version)
  const counted = await beat(server, waiting[0]!.credential.secret, waiting[0]!.id)
  assert.equal([counted.status, counted.body.status], [200, 'online'])
  assert.equal((await actionsOf(server, done.id)).at(-1), 'bulk_approve')
})

test('the undo sets back to pending the devices still provisioning with no heartbeat since; one that beat stays', async () => {
  const { owner, waiting } = await fleet('Bulk approver undo', 3, 0)
  const [beating, renamed, quiet] = waiting
  const done = await approveAll(owner, { filters: { status: ['pending'] } })
  assert.equal([done.count, done.changed], [3, 3])
  assert.is((await beat(server, beating!.credential.secret, beating!.id)).status, 200)
  const current = (await call(server, 'GET', `/devices/${renamed!.id}`, owner.token)).body
  expectStatus(await call(server, 'PUT', `/devices/${renamed!.id}`, owner.token, { ...createDevice(), name: 'Renamed since', serial: current.serial, version: current.version }), 200, 'rename')
  const undone = expectStatus<Rec>(await undo(owner, done.id), 200, 'undo')
  assert.is(undone.restored, 2)
  assert.equal(undone.left.map((left: Rec) => [left.id, left.reason]), [[beating!.id, message('bulkBeatSince')]])
  assert.equal([await statusOf(owner, beating!.id), await statusOf(owner, renamed!.id), await statusOf(owner, quiet!.id)], ['online', 'pending', 'pending'])
  const held = await beat(server, quiet!.credential.secret, quiet!.id)
  assert.equal([held.status, held.body], [202, { status: 'pending' }])
  assert.is((await undo(owner, done.id)).status, 409)
})

test("another organization's ids are never touched, by ids or by filter", async () => {
  const mine = await fleet('Bulk approver mine', 1, 0)
  const theirs = await fleet('Bulk approver theirs', 2, 0)
  const byIds = await approveAll(mine.owner, { ids: [mine.waiting[0]!.id, ...theirs.waiting.map((device) => device.id)] })
  assert.equal([byIds.count, byIds.changed], [1, 1])
  const byFilter = await approveAll(mine.owner, { filters: { status: ['pending'] } })
  assert.is(byFilter.count, 0)
  for (const device of theirs.waiting) {
    assert.is(await statusOf(theirs.owner, device.id), 'pending')
    assert.equal(await actionsOf(server, device.id), ['enroll'])
  }
  assert.is((await call(server, 'GET', `/bulk/${byIds.id}`, theirs.owner.token)).status, 404)
  assert.is((await undo(theirs.owner, byIds.id)).status, 404)
})

test('a caller without the right devices is refused, and a device credential too', async () => {
  const { owner, waiting } = await fleet('Bulk approver rights', 1, 0)
  const body = { collection: 'devices', action: 'approve', selection: { ids: [waiting[0]!.id] } }
  const beats = expectStatus<Rec>(await call(server, 'POST', '/access_keys/', owner.token, { name: 'Beats only', scopes: ['heartbeat'], expires_in_days: 30 }), 201, 'key')
  assert.is((await call(server, 'POST', '/bulk/preview', beats.secret, body)).status, 403)
  assert.is((await call(server, 'POST', '/bulk/preview', waiting[0]!.credential.secret, body)).status, 403)
  const previewed = expectStatus<Rec>(await preview(owner, body), 201, 'preview')
  assert.is((await call(server, 'POST', `/bulk/${previewed.id}/run`, beats.secret)).status, 403)
  assert.is(await statusOf(owner, waiting[0]!.id), 'pending')
})

test('a bulk approval and single approvals at once approve each device once', async () => {
  const { owner, waiting } = await fleet('Bulk approver race', 4, 0)
  const previewed = expectStatus<Rec>(await preview(owner, { collection: 'devices', action: 'approve', selection: { filters: { status: ['pending'] } } }), 201, 'preview')
  const singles = waiting.map((device) => call(server, 'POST', `/devices/${device.id}/approve`, owner.token))
  const [started, ...answers] = await Promise.all([run(owner, previewed.id), ...singles])
  assert.is(started!.status, 202)
  const done = await finished(owner, previewed.id)
  const byHand = answers.filter((answer) => answer.status === 200).length
  assert.ok(answers.every((answer) => answer.status === 200 || answer.status === 409))
  assert.is(done.changed + byHand, 4)
  for (const device of waiting) {
    assert.is(await statusOf(owner, device.id), 'provisioning')
    assert.equal(await actionsOf(server, device.id), ['enroll', 'approve'])
  }
})

test.run()
