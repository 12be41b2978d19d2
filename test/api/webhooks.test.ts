import { createHmac, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deliveryCount, everyWebhook, mails as outboxMails, queueDeliveries } from '../fixtures'
import { secretsInDatabase } from './_server'
import { startReceiver, verifySignature, type Answer } from './_receiver'
import { call, client, createDevice, createKey, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const MINUTE = 60_000
/** A fast retry schedule: five waits of a second (a fifth either way), six tries in all. */
const RETRY_MS = [1000, 1000, 1000, 1000, 1000]
const DISABLE_AFTER_MS = 10 * MINUTE

// `open` allows private receivers (WEBHOOKS_ALLOW_PRIVATE=1), as a test receiver on loopback needs;
// `strict` does not, and resolves host names with answers the test chooses.
let open: TestServer
let strict: TestServer
const answers = new Map<string, string[]>()

test.before(async () => {
  const manual = { offlineAfterS: 3600, alertsEveryMs: 3_600_000, webhooksEveryMs: 3_600_000, webhookRetryMs: RETRY_MS, webhookDisableAfterMs: DISABLE_AFTER_MS }
  open = await startServer({ ...manual, webhooksAllowPrivate: true })
  strict = await startServer({
    ...manual,
    webhookLookup: async (host) => {
      const found = answers.get(host)
      if (!found) throw Object.assign(new Error(`no answer for ${host}`), { code: 'ENOTFOUND' })
      return found
    },
  })
})
test.after(async () => {
  await open.close()
  await strict.close()
})

const createHook = (server: TestServer, owner: Tenant, body: Rec) => call(server, 'POST', '/webhooks/', owner.token, { name: 'Receiver', ...body })
const deliveries = async (server: TestServer, owner: Tenant, id: string) => expectStatus<Rec[]>(await call(server, 'GET', `/webhooks/${id}/deliveries`, owner.token), 200)
const sendTest = (server: TestServer, owner: Tenant, id: string) => call(server, 'POST', `/webhooks/${id}/test`, owner.token)
const sweep = async (server: TestServer) => {
  await server.alerts.idle()
  await server.alerts.evaluate()
  await server.webhooks.deliver()
}

type Verify = (secret: string, headers: Record<string, unknown>, body: string) => boolean

/** The receiver's code from the README's Webhooks section, as a function to call. */
function readmeVerifier(): Verify {
  const readme = fs.readFileSync(path.join(process.cwd(), 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### Webhooks'))
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error('no js block in the README\'s Webhooks section')
  const body = code.replace(/^import .*$/m, '')
  assert.ok(body.split('\n').filter((line) => line.trim()).length <= 12, 'about ten lines')
  return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verifyWebhook`)(createHmac, timingSafeEqual) as Verify
}

/** The mails in a data folder's outbox: recipient, subject and text, soft line breaks undone. */
const mails = (dataDir: string) => outboxMails(dataDir).map((mail) => ({ name: mail.file, to: mail.to, raw: mail.text }))

test('a rule that fires sends its webhook one signed delivery, verified with the secret shown once', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(open, 'Signed')
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url, description: 'On-call bridge' }), 201)
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.equal([hook.enabled, hook.disabled_reason, hook.failing_since, hook.last_delivery], [true, null, null, null])
    const read = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200)
    assert.is(read.secret, undefined, 'the secret is answered once')
    const listed = expectStatus<Rec[]>(await call(open, 'GET', '/webhooks/?q=Receiver', owner.token), 200)
    assert.equal(listed.map((each) => [each.id, each.secret]), [[hook.id, undefined]])
    assert.not.match(JSON.stringify(await everyWebhook(open)), hook.secret.slice(6))
    assert.equal(await secretsInDatabase(open, [hook.secret, hook.secret.slice(6)]), [])

    const key = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
    const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Pump house' })), 201)
    const rule = expectStatus<Rec>(
      await call(open, 'POST', '/alert_rules/', owner.token, { name: 'Pump dark', target: 'device', device_id: box.id, condition: 'offline', grace_s: 60, webhook_ids: [hook.id] }),
      201,
    )
    assert.equal(rule.webhook_ids, [hook.id])
    expectStatus(await client(open, key.secret).heartbeat(box.id), 200)
    await sweep(open)
    assert.is(receiver.received.length, 0, 'nothing within the grace time')
    open.advance(2 * MINUTE)
    await sweep(open)
    await sweep(open)
    assert.is(receiver.received.length, 1, 'one delivery, not one per sweep')
    const [got] = receiver.received
    const timestamp = Number(got!.headers['webhook-timestamp'])
    assert.ok(verifySignature(hook.secret, got!), 'the signature verifies with the secret')
    const readmeVerify = readmeVerifier()
    assert.ok(readmeVerify(hook.secret, got!.headers, got!.body), "the README's receiver code accepts it")
    assert.not.ok(readmeVerify(hook.secret, got!.headers, got!.body.replace('Pump', 'Pumq')), 'and refuses a changed body')
    assert.not.ok(readmeVerify(`whsec_${Buffer.alloc(32).toString('base64')}`, got!.headers, got!.body), 'or another secret')
    assert.not.ok(readmeVerify(hook.secret, { ...got!.headers, 'webhook-timestamp': String(timestamp - 3600) }, got!.body), 'or an old timestamp')
    assert.not.ok(verifySignature(hook.secret, { ...got!, body: got!.body.replace('Pump house', 'Pump housf') }), 'a changed body does not')
    assert.match(String(got!.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/)
    assert.match(String(got!.headers['content-type']), 'application/json')
    assert.ok(Math.abs(timestamp - (Date.now() + 2 * MINUTE) / 1000) < 60, 'the timestamp is the server clock in seconds')
    const event = JSON.parse(got!.body) as Rec
    assert.is(event.id, got!.headers['webhook-id'])
    assert.equal([event.type, event.organization_id, event.rule, event.device], ['alert.firing', owner.organizationId, { id: rule.id, name: 'Pump dark' }, { id: box.id, name: 'Pump house' }])
    assert.equal([event.alert.state, event.alert.condition, event.alert.subject_id], ['firing', 'offline', box.id])

    const log = await deliveries(open, owner, hook.id)
    assert.equal(log.map((each) => [each.event_id, each.type, each.state, each.status_code, each.tries, each.error, each.response]), [[event.id, 'alert.firing', 'delivered', 200, 1, null, 'ok']])
    assert.type(log[0]!.duration_ms, 'number')
    const after = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200)
    assert.equal([after.last_delivery.ok, after.last_delivery.status_code, after.failing_since], [true, 200, null])

    // Back online: one resolved event.
    expectStatus(await client(open, key.secret).heartbeat(box.id), 200)
    await sweep(open)
    assert.equal(receiver.received.map((each) => JSON.parse(each.body).type), ['alert.firing', 'alert.resolved'])
    assert.ok(verifySignature(hook.secret, receiver.received[1]!))
  } finally {
    await receiver.close()
  }
})

test('many devices dark at once make one grouped delivery naming them all', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(open, 'Storm')
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url }), 201)
    const key = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
    const names = ['Storm A', 'Storm B', 'Storm C', 'Storm D']
    for (const name of names) {
      const device = expectStatus<Rec>(await owner.create('devices', createDevice({ name, tags: ['site-s'] })), 201)
      expectStatus(await client(open, key.secret).heartbeat(device.id), 200)
    }
    expectStatus(await call(open, 'POST', '/alert_rules/', owner.token, { name: 'Site S', target: 'tag', tag: 'site-s', condition: 'offline', grace_s: 60, webhook_ids: [hook.id] }), 201)
    open.advance(2 * MINUTE)
    await sweep(open)
    assert.is(receiver.received.length, 1)
    const event = JSON.parse(receiver.received[0]!.body) as Rec
    assert.equal([event.type, event.state, event.device, event.alert], ['alert.grouped', 'firing', null, null])
    assert.equal(event.devices.map((device: Rec) => device.name), names)
  } finally {
    await receiver.close()
  }
})

test('a receiver answering 500 is tried again on the schedule, each failure logged, then the delivery fails', async () => {
  const noisy = `error\u0007\u001b[31m ${'x'.repeat(1000)}`
  const receiver = await startReceiver(() => ({ status: 500, body: noisy }))
  try {
    const owner = await register(open, 'Failing')
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url }), 201)
    const queued = expectStatus<Rec>(await sendTest(open, owner, hook.id), 202)
    await open.webhooks.deliver()
    let [entry] = await deliveries(open, owner, hook.id)
    assert.equal([entry!.id, entry!.type, entry!.state, entry!.status_code, entry!.error, entry!.tries], [queued.id, 'webhook.test', 'pending', 500, 'status', 1])
    assert.is(entry!.response.length, 512 - '\u0007\u001b'.length, 'the first 512 bytes, control characters dropped')
    assert.not.match(entry!.response, /[\u0000-\u001f]/)
    assert.ok(entry!.next_try_at > entry!.tried_at)
    await open.webhooks.deliver()
    assert.is(receiver.received.length, 1, 'not tried again before its time')
    for (let tries = 2; tries <= 6; tries++) {
      open.advance(1500)
      await open.webhooks.deliver()
      ;[entry] = await deliveries(open, owner, hook.id)
      assert.is(entry!.tries, tries)
      assert.is(entry!.status_code, 500)
    }
    assert.equal([entry!.state, entry!.next_try_at], ['failed', null])
    open.advance(60_000)
    await open.webhooks.deliver()
    assert.is(receiver.received.length, 6, 'six tries, then no more')
    assert.equal(new Set(receiver.received.map((each) => each.headers['webhook-id'])).size, 1, 'every try carries the same event id')
    const after = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200)
    assert.equal([after.last_delivery.ok, after.last_delivery.status_code, after.last_delivery.error, typeof after.failing_since], [false, 500, 'status', 'string'])
  } finally {
    await receiver.close()
  }
})

test('a redirect is a failure and is never followed', async () => {
  const elsewhere = await startReceiver()
  const receiver = await startReceiver(() => ({ status: 302, headers: { Location: `http://198.51.100.7:${elsewhere.port}/stolen` } }))
  const local = await startReceiver(() => ({ status: 307, headers: { Location: elsewhere.url } }))
  try {
    const owner = await register(open, 'Redirected')
    for (const target of [receiver, local]) {
      const hook = expectStatus<Rec>(await createHook(open, owner, { url: target.url }), 201)
      expectStatus(await sendTest(open, owner, hook.id), 202)
      await open.webhooks.deliver()
      const [entry] = await deliveries(open, owner, hook.id)
      assert.equal([entry!.status_code, entry!.error, entry!.state], [target === receiver ? 302 : 307, 'redirect', 'pending'])
      assert.is(target.received.length, 1)
    }
    assert.is(elsewhere.received.length, 0, 'the redirect target never hears of it')
  } finally {
    await Promise.all([elsewhere.close(), receiver.close(), local.close()])
  }
})

test('a try connects to the address it checked: a name that answers otherwise the second time reaches nothing else', async () => {
  const receiver = await startReceiver()
  // The first answer is the receiver on loopback (allowed here); any later one a far address.
  const asked: string[] = []
  const pinned = await startServer({
    offlineAfterS: 3600,
    alertsEveryMs: 3_600_000,
    webhooksEveryMs: 3_600_000,
    webhookRetryMs: RETRY_MS,
    webhooksAllowPrivate: true,
    webhookLookup: async (host) => {
      asked.push(host)
      return asked.length === 1 ? ['127.0.0.1'] : ['198.51.100.9']
    },
  })
  try {
    const owner = await register(pinned, 'Rebound')
    const hook = expectStatus<Rec>(await createHook(pinned, owner, { url: `http://rebind.edgeline.test:${receiver.port}/hook` }), 201)
    expectStatus(await sendTest(pinned, owner, hook.id), 202)
    await pinned.webhooks.deliver()
    const [entry] = await deliveries(pinned, owner, hook.id)
    // A connection that looked the name up again would have found no such name, or the far address.
    assert.equal([entry!.state, entry!.status_code, entry!.error], ['delivered', 200, null])
    assert.is(receiver.received.length, 1)
    assert.equal(asked, ['rebind.edgeline.test'], 'the name is looked up once per try')
  } finally {
    await Promise.all([receiver.close(), pinned.close()])
  }
})

test('without the setting: loopback, private, link-local and the server itself are refused, as URLs and as DNS answers', async () => {
  const owner = await register(strict, 'Strict')
  const refused = async (url: string, expected: string) => {
    const answer = await createHook(strict, owner, { url })
    assert.is(answer.status, 400, url)
    assert.is(answer.body.errors?.url, expected, url)
  }
  const privateText = 'This address is local or private: only allowed when the server allows private addresses'
  await refused(`https://127.0.0.1:${strict.port}/api/login`, "The console's own address cannot receive its webhooks")
  await refused(`https://localhost:${strict.port}/`, "The console's own address cannot receive its webhooks")
  await refused('http://hooks.example.com/edgeline', 'Use https: plain http is only allowed when the server allows private addresses')
  for (const url of ['https://127.0.0.1/', 'https://2130706433/', 'https://0x7f.1/', 'https://017700000001/', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/', 'https://10.0.0.8/', 'https://192.168.1.1/', 'https://[fd00::1]/']) {
    await refused(url, privateText)
  }
  for (const url of ['https://169.254.169.254/latest/meta-data', 'https://[fe80::1]/']) await refused(url, 'Link-local addresses (169.254.x.x, fe80::) are not allowed')
  for (const url of ['https://0.0.0.0/', 'https://[::]/', 'https://224.0.0.1/']) await refused(url, 'This address cannot receive webhooks')
  for (const url of ['ftp://hooks.example.com/', 'https://user:pass@hooks.example.com/', 'https://hooks.example.com/#x', 'not a url']) {
    const answer = await createHook(strict, owner, { url })
    assert.is(answer.status, 400, url)
    assert.ok(answer.body.errors?.url, url)
  }

  // A public name whose DNS answers a loopback (or, beside a public one, a private) address is refused at send time.
  const receiver = await startReceiver()
  try {
    answers.set('rebound.example.test', ['127.0.0.1'])
    answers.set('mixed.example.test', ['93.184.216.34', '10.1.2.3'])
    answers.set('own.example.test', ['::ffff:127.0.0.1'])
    for (const host of ['rebound.example.test', 'mixed.example.test', 'own.example.test']) {
      const hook = expectStatus<Rec>(await createHook(strict, owner, { url: `https://${host}:${receiver.port}/hook` }), 201)
      expectStatus(await sendTest(strict, owner, hook.id), 202)
      await strict.webhooks.deliver()
      const [entry] = await deliveries(strict, owner, hook.id)
      assert.equal([entry!.error, entry!.status_code, entry!.tries], ['refused_address', null, 1], host)
    }
    const unknown = expectStatus<Rec>(await createHook(strict, owner, { url: 'https://nowhere.example.test/' }), 201)
    expectStatus(await sendTest(strict, owner, unknown.id), 202)
    await strict.webhooks.deliver()
    assert.is((await deliveries(strict, owner, unknown.id))[0]!.error, 'connection')
    assert.is(receiver.received.length, 0)
  } finally {
    await receiver.close()
  }

  // With the setting, the server's own port on loopback is still refused.
  const mine = await register(open, 'Own port')
  const own = await createHook(open, mine, { url: `http://127.0.0.1:${open.port}/api/login/users/` })
  assert.is(own.status, 400)
  assert.is(own.body.errors?.url, "The console's own address cannot receive its webhooks")
})

test("another organization's webhooks are not found, and its ids are refused in a rule", async () => {
  const owner = await register(open, 'Mine')
  const other = await register(open, 'Theirs')
  const theirs = expectStatus<Rec>(await createHook(open, other, { url: 'https://hooks.example.com/theirs' }), 201)
  for (const [method, route, body] of [
    ['GET', `/webhooks/${theirs.id}`, undefined],
    ['PUT', `/webhooks/${theirs.id}`, { ...theirs, name: 'Taken' }],
    ['DELETE', `/webhooks/${theirs.id}`, undefined],
    ['POST', `/webhooks/${theirs.id}/rotate`, undefined],
    ['POST', `/webhooks/${theirs.id}/test`, undefined],
    ['GET', `/webhooks/${theirs.id}/deliveries`, undefined],
  ] as const) {
    assert.is((await call(open, method, route, owner.token, body)).status, 404, `${method} ${route}`)
  }
  assert.equal(expectStatus<Rec[]>(await call(open, 'GET', '/webhooks/', owner.token), 200), [])
  const rule = { name: 'Borrowed', target: 'all', condition: 'offline', emails: ['ops@example.com'] }
  const borrowed = await call(open, 'POST', '/alert_rules/', owner.token, { ...rule, webhook_ids: [theirs.id] })
  const missing = await call(open, 'POST', '/alert_rules/', owner.token, { ...rule, webhook_ids: ['no-such-webhook'] })
  assert.equal([borrowed.status, missing.status], [400, 400])
  assert.equal(borrowed.body.errors, { webhook_ids: 'Choose webhooks of this organization' })
  assert.equal(missing.body, borrowed.body, 'another organization’s webhook reads as a missing one')
  const tooMany = await call(open, 'POST', '/alert_rules/', owner.token, { ...rule, webhook_ids: ['a', 'b', 'c', 'd', 'e', 'f'] })
  assert.is(tooMany.status, 400)
  // Their webhook is not touched.
  const still = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${theirs.id}`, other.token), 200)
  assert.equal([still.name, still.version], [theirs.name, 1])
})

test('a holder of devices reads webhooks and their log but writes nothing; alerts writes', async () => {
  const owner = await register(open, 'Rights')
  const hook = expectStatus<Rec>(await createHook(open, owner, { url: 'https://hooks.example.com/rights' }), 201)
  const none = await register(open, 'Nobody')
  await joinOrganization(open, none, owner.organizationId, ['tunnels'])
  assert.is((await call(open, 'GET', '/webhooks/', none.token)).status, 403)
  assert.is((await call(open, 'GET', `/webhooks/${hook.id}/deliveries`, none.token)).status, 403)
  const reader = await register(open, 'Reader')
  await joinOrganization(open, reader, owner.organizationId, ['devices'])
  expectStatus(await call(open, 'GET', '/webhooks/', reader.token), 200)
  const seen = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, reader.token), 200)
  assert.is(seen.secret, undefined)
  expectStatus(await call(open, 'GET', `/webhooks/${hook.id}/deliveries`, reader.token), 200)
  for (const [method, route, body] of [
    ['POST', '/webhooks/', { name: 'Mine', url: 'https://hooks.example.com/mine' }],
    ['PUT', `/webhooks/${hook.id}`, { ...hook, name: 'Renamed' }],
    ['DELETE', `/webhooks/${hook.id}`, undefined],
    ['POST', `/webhooks/${hook.id}/rotate`, undefined],
    ['POST', `/webhooks/${hook.id}/test`, undefined],
  ] as const) {
    assert.is((await call(open, method, route, reader.token, body)).status, 403, `${method} ${route}`)
  }
  const operator = await register(open, 'Operator')
  await joinOrganization(open, operator, owner.organizationId, ['alerts'])
  expectStatus(await call(open, 'PUT', `/webhooks/${hook.id}`, operator.token, { ...hook, name: 'Renamed' }), 200)
})

test('edits are versioned (409 with the current webhook) and audited; rotating answers a new secret once', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(open, 'Versions')
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url }), 201)
    const renamed = expectStatus<Rec>(await call(open, 'PUT', `/webhooks/${hook.id}`, owner.token, { ...hook, name: 'Renamed' }), 200)
    assert.is(renamed.version, 2)
    const stale = await call(open, 'PUT', `/webhooks/${hook.id}`, owner.token, { ...hook, name: 'Stale' })
    assert.is(stale.status, 409)
    assert.equal([stale.body.current.name, stale.body.current.version, stale.body.current.secret], ['Renamed', 2, undefined])
    const rotated = expectStatus<Rec>(await call(open, 'POST', `/webhooks/${hook.id}/rotate`, owner.token), 200)
    assert.match(rotated.secret, /^whsec_/)
    assert.is.not(rotated.secret, hook.secret)
    assert.is(rotated.version, 3)
    expectStatus(await sendTest(open, owner, hook.id), 202)
    await open.webhooks.deliver()
    const [got] = receiver.received
    assert.ok(verifySignature(rotated.secret, got!), 'signed with the new secret')
    assert.not.ok(verifySignature(hook.secret, got!), 'the old secret signs nothing more')
    assert.equal(JSON.parse(got!.body).type, 'webhook.test')
    assert.equal(await secretsInDatabase(open, [rotated.secret.slice(6), hook.secret.slice(6)]), [])
    const trail = expectStatus<Rec[]>(await call(open, 'GET', `/audit/?collection=alerts&record_id=${hook.id}`, owner.token), 200)
    assert.equal(trail.map((entry) => entry.action).sort(), ['create', 'rotate', 'update'])
  } finally {
    await receiver.close()
  }
})

test('a webhook whose deliveries all fail past the limit is turned off, audited, and its owners mailed', async () => {
  const receiver = await startReceiver(() => ({ status: 503, body: 'down' }))
  try {
    const owner = await register(open, 'Turned off')
    const watcher = await register(open, 'Watcher')
    await joinOrganization(open, watcher, owner.organizationId, ['devices'])
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url }), 201)
    expectStatus(await sendTest(open, owner, hook.id), 202)
    await open.webhooks.deliver()
    const failing = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200)
    assert.equal([failing.enabled, typeof failing.failing_since], [true, 'string'])
    const before = mails(open.dataDir).map((mail) => mail.name)
    open.advance(DISABLE_AFTER_MS - MINUTE)
    await open.webhooks.deliver()
    assert.is(expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200).enabled, true, 'not before the limit')
    open.advance(2 * MINUTE)
    expectStatus(await sendTest(open, owner, hook.id), 202)
    await open.webhooks.deliver()
    const off = expectStatus<Rec>(await call(open, 'GET', `/webhooks/${hook.id}`, owner.token), 200)
    assert.equal([off.enabled, off.disabled_reason], [false, 'failing'])
    assert.ok(off.version > failing.version, 'turning it off is a new version')
    // Other tests' failing webhooks may be turned off meanwhile: the mails of this one name its URL.
    const sent = mails(open.dataDir).filter((mail) => !before.includes(mail.name) && mail.raw.includes(receiver.url))
    assert.equal(sent.map((mail) => mail.to), [owner.email], 'the holders of alerts are mailed, not the watcher')
    assert.match(sent[0]!.raw, 'Webhook turned off')
    const trail = expectStatus<Rec[]>(await call(open, 'GET', `/audit/?collection=alerts&record_id=${hook.id}`, owner.token), 200)
    const entry = trail.find((each) => each.actor.kind === 'system')
    assert.ok(entry, 'the trail names the console as the one who turned it off')
    assert.equal(entry!.fields, ['enabled', 'disabled_reason'])

    // A rule's alerts no longer reach it; turning it on again starts afresh.
    const queued = await deliveryCount(open, hook.id)
    const on = expectStatus<Rec>(await call(open, 'PUT', `/webhooks/${hook.id}`, owner.token, { ...off, enabled: true }), 200)
    assert.equal([on.enabled, on.disabled_reason, on.failing_since], [true, null, null])
    assert.ok(Number(queued) >= 2)
  } finally {
    await receiver.close()
  }
})

test('a deleted webhook leaves the rules that called it', async () => {
  const owner = await register(open, 'Forget')
  const kept = expectStatus<Rec>(await createHook(open, owner, { url: 'https://hooks.example.com/kept' }), 201)
  const gone = expectStatus<Rec>(await createHook(open, owner, { url: 'https://hooks.example.com/gone' }), 201)
  const rule = expectStatus<Rec>(await call(open, 'POST', '/alert_rules/', owner.token, { name: 'Two hooks', target: 'all', condition: 'offline', webhook_ids: [kept.id, gone.id] }), 201)
  expectStatus(await call(open, 'DELETE', `/webhooks/${gone.id}`, owner.token), 200)
  const after = expectStatus<Rec>(await call(open, 'GET', `/alert_rules/${rule.id}`, owner.token), 200)
  assert.equal([after.webhook_ids, after.version], [[kept.id], 2])
  // An edit that leaves the webhooks out keeps them; naming the deleted one is refused.
  const renamed = expectStatus<Rec>(await call(open, 'PUT', `/alert_rules/${rule.id}`, owner.token, { name: 'Renamed', target: 'all', condition: 'offline', version: 2 }), 200)
  assert.equal(renamed.webhook_ids, [kept.id])
  assert.is((await call(open, 'PUT', `/alert_rules/${rule.id}`, owner.token, { ...renamed, webhook_ids: [gone.id] })).status, 400)
})

test('the same event queued twice is delivered once (a restart between claim and queue)', async () => {
  const receiver = await startReceiver()
  try {
    const owner = await register(open, 'Once')
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: receiver.url }), 201)
    for (const id of ['d-1', 'd-2']) {
      await queueDeliveries(open, [{ id: id + hook.id.slice(0, 8), organizationId: owner.organizationId, webhookId: hook.id, eventId: 'evt_same' }], { skipTaken: true })
    }
    await open.webhooks.deliver()
    assert.is(receiver.received.length, 1)
  } finally {
    await receiver.close()
  }
})

test('finished deliveries leave the log after 30 days; waiting ones stay', async () => {
  const owner = await register(open, 'Retention')
  const hook = expectStatus<Rec>(await createHook(open, owner, { url: 'https://hooks.example.com/old' }), 201)
  const old = new Date(Date.now() - 40 * 86400_000).toISOString()
  const future = new Date(Date.now() + 365 * 86400_000).toISOString()
  for (const [id, state, next] of [
    ['old-delivered', 'delivered', null],
    ['old-failed', 'failed', null],
    ['old-waiting', 'pending', future],
  ] as const) {
    await queueDeliveries(open, [{ id, organizationId: owner.organizationId, webhookId: hook.id, eventId: id, state, tries: 1, nextTryAt: next, createdAt: old }])
  }
  await open.sweep()
  assert.equal((await deliveries(open, owner, hook.id)).map((each) => each.id), ['old-waiting'])
})

test('bad input is a 400 with the field named, never a crash', async () => {
  const owner = await register(open, 'Input')
  for (const body of [{}, { name: '', url: 'https://a.example.com' }, { name: 'x', url: 42 }, { name: 'x', url: 'https://a.example.com', enabled: 'yes' }, { name: 'x', url: `https://a.example.com/${'a'.repeat(2100)}` }]) {
    const answer = await call(open, 'POST', '/webhooks/', owner.token, body)
    assert.is(answer.status, 400, JSON.stringify(body).slice(0, 80))
  }
  for (const query of ['page=0', 'per_page=7', 'page=x']) {
    const hook = expectStatus<Rec>(await createHook(open, owner, { url: 'https://a.example.com/' }), 201)
    assert.is((await call(open, 'GET', `/webhooks/${hook.id}/deliveries?${query}`, owner.token)).status, 400, query)
  }
  assert.is((await call(open, 'POST', `/webhooks/${'x'.repeat(100)}/test`, owner.token)).status, 404)
})

test.run()
