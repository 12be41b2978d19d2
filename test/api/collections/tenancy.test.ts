import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { countOfOrganization, idsOfOrganization } from '../../fixtures'
import {
  admin,
  client,
  createDevice,
  createHeartbeat,
  createKey,
  createTunnel,
  expectStatus,
  register,
  snapshot,
  startServer,
  type Answer,
  type Client,
  type CollectionName,
  type Tenant,
  type TestServer,
} from './_api'
import { openEvents, quiet } from './_events'

type Rec = Record<string, any>

let server: TestServer
/** Organization A: the seeded fleet, its admin, and a key of the admin's with every collection. */
let userA: Tenant
let keyA: Client
/** Organization B: a registered user with a device, a tunnel and a key of its own. */
let userB: Tenant
const b: Record<CollectionName, Rec> = {} as Record<CollectionName, Rec>
let bKey: Client
let before: Awaited<ReturnType<typeof snapshot>>
/** Every answer A got, searched at the end for anything of B's. */
const answers: Answer[] = []

const SCOPES = ['devices', 'tunnels', 'access_keys']

test.before(async () => {
  // No seeded device goes offline during the test, so A's streams carry only what the test does.
  server = await startServer({ offlineAfterS: 3600 })
  userA = await admin(server)
  keyA = client(server, expectStatus<Rec>(await userA.create('access_keys', createKey({ scopes: SCOPES })), 201).secret)
  userB = await register(server, 'Bravo')
  b.devices = expectStatus<Rec>(await userB.create('devices', createDevice({ name: 'Bravo secret device', serial: 'BRAVO-SERIAL-1' })), 201)
  b.tunnels = expectStatus<Rec>(await userB.create('tunnels', createTunnel(b.devices.id, { name: 'Bravo secret tunnel' })), 201)
  const issued = expectStatus<Rec>(await userB.create('access_keys', createKey({ name: 'Bravo secret key', scopes: SCOPES })), 201)
  b.access_keys = expectStatus<Rec>(await userB.get('access_keys', issued.id), 200)
  bKey = client(server, issued.secret)
  expectStatus(await bKey.heartbeat(b.devices.id), 200, "B's heartbeat")
  b.devices = expectStatus<Rec>(await userB.get('devices', b.devices.id), 200)
  before = await snapshot(server, userB.organizationId)
})
test.after(() => server.close())

const callers = () =>
  [
    ['a user of A', userA],
    ['a key of A', keyA],
  ] as const

const record = async (answer: Promise<Answer>) => {
  const got = await answer
  answers.push(got)
  return got
}

test("answers 404 to every verb on B's ids, for A's user and A's key", async () => {
  for (const [who, caller] of callers()) {
    for (const name of ['devices', 'tunnels', 'access_keys'] as const) {
      const theirs = b[name]
      const statuses = [
        (await record(caller.get(name, theirs.id))).status,
        (await record(caller.update(name, theirs.id, { ...theirs, name: 'taken over' }))).status,
        (await record(caller.remove(name, theirs.id))).status,
      ]
      assert.equal(statuses, [404, 404, 404], `${who} on B's ${name}`)
    }
  }
})

test("refuses B's device in a tunnel of A with 400", async () => {
  const [mine] = expectStatus<Rec[]>(await userA.list('tunnels', { per_page: 5 }), 200)
  for (const [who, caller] of callers()) {
    const created = await record(caller.create('tunnels', createTunnel(b.devices.id)))
    assert.equal([created.status, created.body.errors], [400, { device_id: 'Choose a device of this organization' }], `${who} creates`)
    const moved = await record(caller.update('tunnels', mine!.id, { ...mine, device_id: b.devices.id }))
    assert.equal([moved.status, moved.body.errors], [400, { device_id: 'Choose a device of this organization' }], `${who} moves`)
  }
  assert.equal(expectStatus(await userA.get('tunnels', mine!.id), 200), mine)
})

test("answers a heartbeat for B's device with 404 to A's key and 403 to A's user", async () => {
  const byKey = await record(keyA.heartbeat(b.devices.id, createHeartbeat({ status: 'error', ip: '203.0.113.66' })))
  assert.equal([byKey.status, byKey.body], [404, { message: 'Not found' }])
  const byUser = await record(userA.heartbeat(b.devices.id))
  assert.equal([byUser.status, byUser.body], [403, { message: 'Heartbeats are sent with an access key' }])
})

test("lists of A never hold B's rows, whatever the search or filter", async () => {
  for (const [who, caller] of callers()) {
    for (const name of ['devices', 'tunnels', 'access_keys'] as const) {
      const count = await countOfOrganization(server, name, userA.organizationId)
      const ids: string[] = []
      for (let page = 1; page <= Math.ceil(count / 100); page++) {
        const answer = await record(caller.list(name, { per_page: 100, page }))
        assert.is(answer.headers.get('X-Total-Count'), String(count), `${who} ${name} total`)
        ids.push(...expectStatus<Rec[]>(answer, 200).map((row) => row.id))
      }
      const own = await idsOfOrganization(server, name, userA.organizationId)
      assert.equal(ids.sort(), own.sort(), `${who}: ${name} are A's own`)
      const searched = await record(caller.list(name, { q: 'Bravo secret' }))
      assert.equal([searched.status, searched.body, searched.headers.get('X-Total-Count')], [200, [], '0'], `${who} searches ${name}`)
    }
    const byDevice = await record(caller.list('tunnels', { device_id: b.devices.id }))
    assert.equal([byDevice.body, byDevice.headers.get('X-Total-Count')], [[], '0'], `${who} filters tunnels by B's device`)
    const bySerial = await record(caller.list('devices', { q: 'BRAVO-SERIAL' }))
    assert.equal(bySerial.body, [], `${who} searches B's serial`)
  }
})

test("leaves B's records unchanged and leaks none of them into A's answers", async () => {
  assert.equal(await snapshot(server, userB.organizationId), before)
  const markers = [userB.organizationId, b.devices.id, b.tunnels.id, b.access_keys.id, b.access_keys.prefix, 'Bravo', 'BRAVO', b.tunnels.public_endpoint]
  const leaks = answers.filter((answer) => markers.some((marker) => answer.text.includes(marker)))
  assert.ok(answers.length >= 40, `${answers.length} answers checked`)
  assert.equal(leaks.map((answer) => answer.text.slice(0, 200)), [])
})

test("keeps B's events out of A's streams, live and replayed", async () => {
  const streams = [await openEvents(server, userA.token), await openEvents(server, keyA.token)]
  const bStream = await openEvents(server, userB.token)
  try {
    // B changes things: a heartbeat of a new status, a device made and deleted.
    expectStatus(await bKey.heartbeat(b.devices.id, createHeartbeat({ status: 'error' })), 200)
    const extra = expectStatus<Rec>(await userB.create('devices', createDevice({ name: 'Bravo extra' })), 201)
    expectStatus(await userB.remove('devices', extra.id), 200)
    const bEvent = await bStream.waitFor((event) => event.event === 'change' && event.data.action === 'delete')
    // Then A changes one thing: A's streams carry exactly that.
    const mine = expectStatus<Rec>(await userA.create('devices', createDevice()), 201)
    for (const stream of streams) {
      await stream.waitFor((event) => event.data.id === mine.id)
      await quiet(100)
      assert.equal(
        stream.events.filter((event) => event.event !== 'audit').map((event) => [event.event, event.data]),
        [['change', { collection: 'devices', id: mine.id, action: 'create', version: 1 }]],
      )
      // The trail's entries it heard of are of A's write alone.
      assert.ok(
        stream.events.filter((event) => event.event === 'audit').every((event) => event.data.record_id === mine.id),
        JSON.stringify(stream.events),
      )
    }
    // Ids count per organization, so B's id means nothing in A: replaying from it gives a reset
    // (or A's own events), never B's.
    const replay = await openEvents(server, userA.token, { lastEventId: bEvent.id })
    await quiet(100)
    replay.close()
    assert.ok(replay.events.length > 0, 'the replay answered')
    assert.equal(
      replay.events.filter((event) => event.event !== 'reset' && event.data.id !== mine.id && event.data.record_id !== mine.id),
      [],
    )
    expectStatus(await userA.remove('devices', mine.id), 200)
  } finally {
    for (const stream of [...streams, bStream]) stream.close()
  }
})

test.run()
