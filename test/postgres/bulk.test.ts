import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { bulkJobTallies, deviceStates, joinOrganization as joinWithRole, rolesManagerCount, setPlan, until } from '../fixtures'
import { call, createDevice, createHeartbeat, createKey, expectStatus, register, type Tenant, type TestServer } from '../api/collections/_api'
import { startPair } from './_pair'
import { people, roleIds } from '../api/people/_people'

type Rec = Record<string, any>

// Two servers on one PostgreSQL database, as behind a load balancer: bulk jobs run on one while a
// job or a single edit runs on the other, and together they would leave nobody managing roles.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair({ offlineAfterS: 3600 }))
})
test.after(() => stop())

let made = 0

/** An organization of two administrators (the owner and one more) and a Viewer role; the second works in it. */
async function twoAdministrators(round: number) {
  const owner = await register(a, `Bulk racer ${round}`)
  const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
  const roles = await roleIds(a, owner.organizationId)
  const other = await register(a, `Co-admin ${round}`)
  await joinWithRole(a, other.userId, owner.organizationId, { roleId: roles.Administrator! })
  return { owner, other: { ...other, organizationId: owner.organizationId } as Tenant, viewer: viewer.id as string }
}

/** Active members holding `roles` in the organization, as the rule counts them. */
async function rolesManagers(organizationId: string): Promise<number> {
  return rolesManagerCount(a, organizationId)
}

/** Waits until the job has ended and answers its row (read from the database: its caller may have lost the right to read it). */
async function finished(id: string): Promise<Rec> {
  const job = await until(
    async () => {
      const tallies = (await bulkJobTallies(a, id))!
      return tallies.status !== 'running' ? tallies : undefined
    },
    { timeoutMs: 10_000, everyMs: 10, what: `job ${id} to end` },
  )
  return { status: job.status, changed: Number(job.changed), skipped: Number(job.skipped) }
}

const previewed = async (server: TestServer, who: Tenant, body: unknown) => expectStatus<Rec>(await call(server, 'POST', '/bulk/preview', who.token, body), 201)

test('two bulk role changes side by side, each demoting the other administrator, never leave nobody managing roles', async () => {
  for (let round = 0; round < 6; round++) {
    const { owner, other, viewer } = await twoAdministrators(round)
    const first = await previewed(a, owner, { collection: 'users', action: 'set_roles', params: { roles: [viewer] }, selection: { ids: [other.userId] } })
    const second = await previewed(b, other, { collection: 'users', action: 'set_roles', params: { roles: [viewer] }, selection: { ids: [owner.userId] } })
    const runs = await Promise.all([call(a, 'POST', `/bulk/${first.id}/run`, owner.token), call(b, 'POST', `/bulk/${second.id}/run`, other.token)])
    // A job that ends before the other run is asked for has taken that caller's right to run it (403).
    assert.ok(runs.every((run) => run.status === 202 || run.status === 403) && runs.some((run) => run.status === 202), `round ${round}: runs answered ${runs.map((run) => run.status)}`)
    const jobs = await Promise.all([first, second].map((job, index) => (runs[index]!.status === 202 ? finished(job.id) : { changed: 0 })))
    const changed = jobs.reduce((sum, job) => sum + job.changed, 0)
    assert.is(changed, 1, `round ${round}: ${JSON.stringify(jobs)}`)
    assert.is(await rolesManagers(owner.organizationId), 1, `round ${round}: nobody manages roles`)
  }
})

test('a bulk disable beside a single role change that together would lock the organization out: the rule holds', async () => {
  for (let round = 0; round < 6; round++) {
    const { owner, other, viewer } = await twoAdministrators(100 + round)
    const disable = await previewed(a, owner, { collection: 'users', action: 'disable', selection: { ids: [other.userId] } })
    const ownerRecord = expectStatus<Rec>(await people(b, other.token).get(owner.userId), 200)
    const [run, demote] = await Promise.all([
      call(a, 'POST', `/bulk/${disable.id}/run`, owner.token),
      people(b, other.token).update(owner.userId, { ...ownerRecord, roles: [viewer] }),
    ])
    // The edit may land first and take the owner's right to run it at all (403): the job never starts.
    assert.ok([202, 403].includes(run.status), `round ${round}: the run answered ${run.status}`)
    const job = run.status === 202 ? await finished(disable.id) : { changed: 0 }
    // One of the two gave way: the job skipped its record (or lost its right), or the edit was refused.
    assert.ok((job.changed === 1) !== (demote.status === 200), `round ${round}: job changed ${job.changed}, edit answered ${demote.status} ${demote.text}`)
    // Refused by the rule (409), or no longer reaching the owner once the job disabled the co-admin here (404).
    if (demote.status !== 200) assert.ok([404, 409].includes(demote.status), `round ${round}: the edit answered ${demote.status} ${demote.text}`)
    assert.ok((await rolesManagers(owner.organizationId)) >= 1, `round ${round}: nobody manages roles`)
  }
})


test('heartbeats on B racing a bulk disable on A: once it is done, every device is disabled and offline, and refuses the next', async () => {
  const owner = await register(a, `Disable racer ${++made}`)
  await setPlan(a, owner.organizationId, 'business')
  const fleet = await Promise.all(Array.from({ length: 40 }, async () => expectStatus<Rec>(await owner.create('devices', createDevice()), 201)))
  const key = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  const beat = (id: string) => call(b, 'POST', `/devices/${id}/heartbeat`, key.secret, createHeartbeat())
  for (const device of fleet) expectStatus(await beat(device.id), 200)
  const job = await previewed(a, owner, { collection: 'devices', action: 'disable', selection: { ids: fleet.map((device) => device.id) } })
  let running = true
  const answers = new Map<number, number>()
  // Every device beats again and again on B while the job runs on A.
  const beating = Promise.all(
    fleet.map(async (device) => {
      while (running) {
        const { status } = await beat(device.id)
        answers.set(status, (answers.get(status) ?? 0) + 1)
      }
    }),
  )
  expectStatus(await call(a, 'POST', `/bulk/${job.id}/run`, owner.token), 202)
  const done = await finished(job.id)
  running = false
  await beating
  assert.is(done.changed, fleet.length)
  assert.equal([...answers.keys()].filter((status) => status !== 200 && status !== 403), [], `only 200 and 403: ${[...answers]}`)
  const rows = await deviceStates(a, owner.organizationId)
  assert.equal(rows.filter((row) => row.status !== 'offline' || Number(row.enabled) !== 0), [], 'no heartbeat set a disabled device online')
  for (const device of fleet.slice(0, 5)) assert.is((await beat(device.id)).status, 403)
})
test.run()
