import { randomBytes } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deliveryStates, deliveryTally, queueDeliveries } from '../fixtures'
import { call, expectStatus, register, type TestServer } from '../api/collections/_api'
import { startPair } from './_pair'
import { startReceiver, verifySignature } from '../api/_receiver'

type Rec = Record<string, any>

// Two servers on one PostgreSQL database, sharing the key that seals the secrets, on one clock
// the test moves; both claim due deliveries at once, again and again.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>
let clock = Date.now()
const now = () => new Date(clock)

test.before(async () => {
  const options = {
    now,
    alertsEveryMs: 3_600_000,
    webhooksEveryMs: 3_600_000,
    offlineAfterS: 3600,
    webhooksAllowPrivate: true,
    webhookRetryMs: [1000, 1000],
    webhookSecretKey: randomBytes(32).toString('base64'),
  }
  ;({ a, b, stop } = await startPair(options))
})
test.after(() => stop())

const deliverBoth = () => Promise.all([a.webhooks.deliver(), b.webhooks.deliver(), a.webhooks.deliver(), b.webhooks.deliver()])

test('two servers claiming due deliveries at once send each one exactly once, signed with the one secret', async () => {
  // Slow answers keep the first claims in flight while the other server looks for due rows.
  const receiver = await startReceiver(() => ({ status: 200, body: 'ok' }))
  try {
    const owner = await register(a, 'Raced hooks')
    const hooks: Rec[] = []
    for (let n = 0; n < 4; n++) hooks.push(expectStatus<Rec>(await call(a, 'POST', '/webhooks/', owner.token, { name: `Hook ${n}`, url: `${receiver.url}/${n}` }), 201))
    // Forty events due at once, waiting in the table for whichever server looks first.
    const queued: string[] = []
    const at = now().toISOString()
    for (let n = 0; n < 10; n++) {
      for (const hook of hooks) {
        const eventId = `evt_race_${n}_${hook.id.slice(0, 8)}`
        queued.push(eventId)
        const body = JSON.stringify({ id: eventId, type: 'webhook.test', created_at: at, organization_id: owner.organizationId, rule: null, device: null, alert: null })
        await queueDeliveries(a, [{ id: `${eventId}-d`, organizationId: owner.organizationId, webhookId: hook.id, eventId, body, nextTryAt: at, createdAt: at }])
      }
    }
    await deliverBoth()
    await deliverBoth()
    const ids = receiver.received.map((each) => String(each.headers['webhook-id']))
    assert.is(ids.length, 40, 'every delivery sent')
    assert.is(new Set(ids).size, 40, 'none sent twice')
    assert.equal([...ids].sort(), [...queued].sort())
    for (const request of receiver.received) {
      const hook = hooks.find((each) => request.path.endsWith(`/${hooks.indexOf(each)}`))!
      assert.ok(verifySignature(hook.secret, request), 'either server signs with the secret shown once')
    }
    const counts = await deliveryTally(a, owner.organizationId)
    assert.equal([counts.delivered, counts.tries], [40, 40])
  } finally {
    await receiver.close()
  }
})

test('retries raced by two servers: each try made once', async () => {
  const receiver = await startReceiver(() => ({ status: 500, body: 'no' }))
  try {
    const owner = await register(a, 'Raced retries')
    const hook = expectStatus<Rec>(await call(a, 'POST', '/webhooks/', owner.token, { name: 'Failing', url: receiver.url }), 201)
    for (let n = 0; n < 10; n++) expectStatus(await call(n % 2 ? a : b, 'POST', `/webhooks/${hook.id}/test`, owner.token), 202)
    await deliverBoth()
    assert.is(receiver.received.length, 10)
    clock += 1500
    await deliverBoth()
    assert.is(receiver.received.length, 20)
    clock += 1500
    await deliverBoth()
    clock += 60_000
    await deliverBoth()
    assert.is(receiver.received.length, 30, 'three tries of each, no more')
    const rows = await deliveryStates(a, hook.id)
    assert.equal(rows.map((row) => [row.state, Number(row.tries)]), Array(10).fill(['failed', 3]))
  } finally {
    await receiver.close()
  }
})

test('test events sent to two servers side by side: the limit holds across them', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(a, 'Raced tests')
    const hooks: Rec[] = []
    for (let n = 0; n < 3; n++) hooks.push(expectStatus<Rec>(await call(a, 'POST', '/webhooks/', owner.token, { name: `Tested ${n}`, url: `${receiver.url}/${n}` }), 201))
    // 20 a webhook on the first two (10 allowed on each), then 20 more on the third, past the organization's 20.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => call(n % 2 ? a : b, 'POST', `/webhooks/${hooks[Math.floor(n / 20)]!.id}/test`, owner.token)),
    )
    const accepted = (from: number) => answers.slice(from, from + 20).filter((answer) => answer.status === 202).length
    assert.ok(accepted(0) <= 10 && accepted(20) <= 10, `per webhook ${accepted(0)} ${accepted(20)}`)
    assert.is(accepted(0) + accepted(20) + accepted(40), 20, 'the organization’s 20, no more')
    for (const answer of answers.filter((each) => each.status !== 202)) {
      assert.is(answer.status, 429)
      assert.ok(Number(answer.headers.get('retry-after')) >= 1)
    }
    await deliverBoth()
    assert.is(receiver.received.length, 20)
  } finally {
    await receiver.close()
  }
})

test.run()
