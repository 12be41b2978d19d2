import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setWebhookSealedSecret } from '../fixtures'
import { createSecretBox } from '../../src/server/webhooks/secrets'
import { startReceiver, verifySignature, type Received } from './_receiver'
import { call, expectStatus, register, startServer, type TestServer } from './collections/_api'

type Rec = Record<string, any>

// The key that seals the secrets is the test's, so it can seal a secret as an older server issued it.
const serverKey = randomBytes(32)
let server: TestServer

test.before(async () => {
  server = await startServer({ alertsEveryMs: 3_600_000, webhooksEveryMs: 3_600_000, webhooksAllowPrivate: true, webhookSecretKey: serverKey.toString('base64') })
})
test.after(() => server.close())

/** What a receiver built with the Standard Webhooks reference library makes of a delivery: the event, or its error. */
function standardVerify(secret: string, request: Received): Rec | Error {
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Rec
  } catch (error) {
    return error as Error
  }
}

async function deliverTest(owner: Rec, hookId: string, receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const queued = expectStatus<Rec>(await call(server, 'POST', `/webhooks/${hookId}/test`, owner.token), 202)
  await server.webhooks.deliver()
  const request = receiver.received.find((each) => each.headers['webhook-id'] === queued.event_id)
  if (!request) throw new Error(`delivery ${queued.event_id} not received`)
  return request
}

test('a new secret is whsec_ and standard base64; the reference library verifies real deliveries, before and after a rotation', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(server, 'Standard')
    const hook = expectStatus<Rec>(await call(server, 'POST', '/webhooks/', owner.token, { name: 'Standard receiver', url: receiver.url }), 201)
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.is(Buffer.from(hook.secret.slice(6), 'base64').length, 32)

    const first = await deliverTest(owner, hook.id, receiver)
    const event = standardVerify(hook.secret, first)
    assert.not.instance(event, Error, String(event))
    assert.equal([(event as Rec).type, (event as Rec).organization_id], ['webhook.test', owner.organizationId])
    assert.ok(verifySignature(hook.secret, first), 'the README’s check agrees')
    assert.instance(standardVerify(hook.secret, { ...first, body: first.body.replace('webhook.test', 'webhook.tesu') }), Error, 'a changed body is refused')

    const rotated = expectStatus<Rec>(await call(server, 'POST', `/webhooks/${hook.id}/rotate`, owner.token), 200)
    assert.match(rotated.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    const second = await deliverTest(owner, hook.id, receiver)
    assert.not.instance(standardVerify(rotated.secret, second), Error, 'the rotated secret verifies')
    assert.instance(standardVerify(hook.secret, second), Error, 'the old one does not')
  } finally {
    await receiver.close()
  }
})

test("an older webhook's base64url secret signs the same bytes: its receivers still verify, and the library does with its standard form", async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(server, 'Older')
    const hook = expectStatus<Rec>(await call(server, 'POST', '/webhooks/', owner.token, { name: 'Older receiver', url: receiver.url }), 201)
    // A secret as an older server issued it: base64url without padding, here with both - and _ in it.
    let key = randomBytes(32)
    while (!/-/.test(key.toString('base64url')) || !/_/.test(key.toString('base64url'))) key = randomBytes(32)
    const older = `whsec_${key.toString('base64url')}`
    await setWebhookSealedSecret(server, hook.id, createSecretBox(serverKey).seal(hook.id, older))

    const request = await deliverTest(owner, hook.id, receiver)
    assert.ok(verifySignature(older, request), 'the receiver it was given to still verifies with it as it is')
    const standard = `whsec_${key.toString('base64')}`
    assert.is(`whsec_${older.slice(6).replace(/-/g, '+').replace(/_/g, '/')}=`, standard, 'its standard form, as the README converts it')
    assert.not.instance(standardVerify(standard, request), Error, 'the reference library verifies with the standard form')
  } finally {
    await receiver.close()
  }
})

test.run()
