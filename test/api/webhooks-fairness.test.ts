import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { failWaitingDeliveries, queueDeliveries, until as untilHolds } from '../fixtures'
import { gate, startReceiver } from './_receiver'
import { call, client, createDevice, createKey, expectStatus, register, startServer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

/** The shares of the delivery slots (README, Webhooks): tries in flight at once per webhook and per organization. */
const PER_WEBHOOK = 4
const PER_ORGANIZATION = 10
/** Test events a minute per webhook and per organization. */
const TESTS_PER_WEBHOOK = 10
const TESTS_PER_ORGANIZATION = 20

let server: TestServer

test.before(async () => {
  server = await startServer({ offlineAfterS: 3600, alertsEveryMs: 3_600_000, webhooksEveryMs: 3_600_000, webhooksAllowPrivate: true })
})
test.after(() => server.close())

const createHook = (owner: Tenant, url: string) => call(server, 'POST', '/webhooks/', owner.token, { name: 'Receiver', url })
const sendTest = (owner: Tenant, id: string) => call(server, 'POST', `/webhooks/${id}/test`, owner.token)

/**
 * Waits (polling, no time measured) until `done` holds, giving up after about 30 s: long past
 * the moment a fair queue delivers, and well before a flood of 330 tries held 10 s each by a
 * queue that makes them in batches of 50 (70 s) would let another through.
 */
async function until(done: () => boolean) {
  await untilHolds(done, { timeoutMs: 30_000, everyMs: 10 }).catch(() => undefined)
}

/**
 * Organization A floods three webhooks on one receiver that holds every request open: its test
 * events as fast as they are taken, after 100 due deliveries each, as a long outage leaves.
 * Answers the receiver, A, and `release`, which ends A's flood and lets the receiver answer.
 */
async function flood() {
  const held = gate()
  const slow = await startReceiver(async () => {
    await held.opened
    return { status: 200, body: 'late' }
  })
  const flooder = await register(server, 'Flooder')
  const hooks: Rec[] = []
  for (let n = 0; n < 3; n++) hooks.push(expectStatus<Rec>(await createHook(flooder, `${slow.url}/${n}`), 201))
  for (const hook of hooks) {
    for (let n = 0; n < 100; n++) {
      const eventId = `evt_flood_${n}_${hook.id.slice(0, 8)}`
      await queueDeliveries(server, [{ id: `${eventId}-d`, organizationId: flooder.organizationId, webhookId: hook.id, eventId }])
    }
  }
  for (const hook of hooks) await Promise.all(Array.from({ length: TESTS_PER_WEBHOOK }, () => sendTest(flooder, hook.id)))
  await until(() => slow.received.length >= PER_ORGANIZATION)
  const release = async () => {
    await failWaitingDeliveries(server, flooder.organizationId)
    held.open()
    await server.webhooks.deliver()
    await slow.close()
  }
  return { slow, flooder, hooks, release }
}

/** A's tries in flight never passed its share, nor the webhook's share on any webhook. */
function assertShares({ slow, hooks }: Awaited<ReturnType<typeof flood>>) {
  assert.is(slow.mostAtOnce(), PER_ORGANIZATION, 'A held its whole share, and no more')
  const perHook = hooks.map((_, n) => slow.mostAtOnce(`/hook/${n}`))
  assert.ok(Math.max(...perHook) <= PER_WEBHOOK, `per webhook ${perHook.join(' ')}`)
}

test("another organization's test delivery arrives while a flood of tests waits on a slow receiver", async () => {
  const fast = await startReceiver()
  const bystander = await register(server, 'Bystander')
  const hook = expectStatus<Rec>(await createHook(bystander, fast.url), 201)
  const flooded = await flood()
  try {
    const queued = expectStatus<Rec>(await sendTest(bystander, hook.id), 202)
    await until(() => fast.received.length > 0)
    assert.equal(fast.received.map((request) => request.headers['webhook-id']), [queued.event_id], "B's test event arrives while A's tries are held")
    assertShares(flooded)
  } finally {
    await flooded.release()
    await fast.close()
  }
})

test("another organization's alert deliveries are not held behind a flood", async () => {
  const fast = await startReceiver()
  const bystander = await register(server, 'Alerted')
  const hook = expectStatus<Rec>(await createHook(bystander, fast.url), 201)
  const key = expectStatus<Rec>(await bystander.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  const box = expectStatus<Rec>(await bystander.create('devices', createDevice({ name: 'Cold room' })), 201)
  expectStatus(await call(server, 'POST', '/alert_rules/', bystander.token, { name: 'Cold room dark', target: 'device', device_id: box.id, condition: 'offline', grace_s: 60, webhook_ids: [hook.id] }), 201)
  expectStatus(await client(server, key.secret).heartbeat(box.id), 200)
  await server.alerts.idle()
  const flooded = await flood()
  try {
    server.advance(90_000)
    await server.alerts.evaluate()
    await until(() => fast.received.length > 0)
    assert.equal(fast.received.map((request) => JSON.parse(request.body).type), ['alert.firing'], "B's alert arrives while A's tries are held")
    assertShares(flooded)
  } finally {
    await flooded.release()
    await fast.close()
  }
})

test('test events have a rate limit per webhook and per organization: 429 with Retry-After naming it', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(server, 'Tester')
    const [first, second, third] = [
      expectStatus<Rec>(await createHook(owner, `${receiver.url}/1`), 201),
      expectStatus<Rec>(await createHook(owner, `${receiver.url}/2`), 201),
      expectStatus<Rec>(await createHook(owner, `${receiver.url}/3`), 201),
    ]
    for (let n = 0; n < TESTS_PER_WEBHOOK; n++) expectStatus(await sendTest(owner, first.id), 202)
    const refused = await sendTest(owner, first.id)
    assert.is(refused.status, 429, 'one more on the same webhook')
    const wait = Number(refused.headers.get('retry-after'))
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${refused.headers.get('retry-after')}`)
    assert.is(refused.body.message, `Too many test events for this webhook: at most ${TESTS_PER_WEBHOOK} a minute. Try again in ${wait} s.`)

    for (let n = 0; n < TESTS_PER_ORGANIZATION - TESTS_PER_WEBHOOK; n++) expectStatus(await sendTest(owner, second.id), 202, `second webhook, test ${n + 1}`)
    const organizationFull = await sendTest(owner, third.id)
    assert.is(organizationFull.status, 429, 'past the organization’s limit, on a webhook of its own')
    assert.match(organizationFull.body.message, `Too many test events in this organization: at most ${TESTS_PER_ORGANIZATION} a minute.`)
    assert.ok(Number(organizationFull.headers.get('retry-after')) >= 1)

    // Another organization, and another webhook's id from it, are not touched; a minute later it goes again.
    const other = await register(server, 'Unaffected')
    const theirs = expectStatus<Rec>(await createHook(other, `${receiver.url}/theirs`), 201)
    expectStatus(await sendTest(other, theirs.id), 202)
    assert.is((await sendTest(other, first.id)).status, 404)
    server.advance(61_000)
    expectStatus(await sendTest(owner, first.id), 202)
    await server.webhooks.deliver()
  } finally {
    await receiver.close()
  }
})

test('test events sent side by side: exactly the limit is taken', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(server, 'Racing tests')
    const hook = expectStatus<Rec>(await createHook(owner, receiver.url), 201)
    const answers = await Promise.all(Array.from({ length: 3 * TESTS_PER_WEBHOOK }, () => sendTest(owner, hook.id)))
    const statuses = answers.map((answer) => answer.status).sort()
    assert.equal(statuses, [...Array<number>(TESTS_PER_WEBHOOK).fill(202), ...Array<number>(2 * TESTS_PER_WEBHOOK).fill(429)])
    await server.webhooks.deliver()
    assert.is(receiver.received.length, TESTS_PER_WEBHOOK)
  } finally {
    await receiver.close()
  }
})

test.run()
