import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { alertMails, mails, mailsSince } from './_alerts-mail'
import { call, client, createDevice, createKey, expectStatus, register, startServer, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const MINUTE = 60_000
let server: TestServer

test.before(async () => {
  // Two alert mails an hour per organization, so a test can pass the limit with a few rules.
  // Sessions outlast the hours the clock is moved.
  const long = { idleSeconds: 30 * 86400, maxSeconds: 30 * 86400 }
  server = await startServer({ offlineAfterS: 3600, alertsEveryMs: 3_600_000, alertMailsPerHour: 2, sessions: { remembered: long, short: long } })
})
test.after(() => server.close())

const sweep = async () => {
  await server.alerts.idle()
  await server.alerts.evaluate()
}

test("past its hourly limit an organization's alert mail waits, then goes out folded, one mail per rule, never past the limit", async () => {
  const owner = await register(server, 'Loud')
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  const device = client(server, issued.secret)
  const boxes = [] as Rec[]
  for (const name of ['Loud one', 'Loud two']) boxes.push(expectStatus<Rec>(await owner.create('devices', createDevice({ name })), 201))
  const rules = ['Rule A', 'Rule B', 'Rule C']
  for (const name of rules) {
    expectStatus(await call(server, 'POST', '/alert_rules/', owner.token, { name, target: 'device', device_id: boxes[0]!.id, condition: 'offline', grace_s: 60, repeat_s: 86400, emails: [owner.email] }), 201)
  }
  // A rule on the second device too, to see held alerts of one rule fold into one mail.
  const quiet = await register(server, 'Quiet')
  const before = mails(server.dataDir)
  const sent = () => alertMails(mailsSince([server], before, owner.email))
  const usage = async () => expectStatus<Rec>(await call(server, 'GET', '/alerts/mail', owner.token), 200)

  expectStatus(await device.heartbeat(boxes[0]!.id), 200)
  server.advance(2 * MINUTE)
  await sweep()
  assert.is(sent().length, 2, 'two of the three rules mail; the third waits')
  const first = await usage()
  assert.equal([first.limit, first.sent, first.held], [2, 2, 1])
  assert.ok(Date.parse(first.window_ends_at) > Date.now())
  assert.ok(server.logs.some((line) => line.includes(owner.organizationId) && /limit/.test(line)), 'the hold is logged')

  // The held rule fires again for the same device within the hour (acked and reopened alerts
  // aside, a second device is the simple case): it waits too.
  for (const name of rules) {
    const [rule] = expectStatus<Rec[]>(await call(server, 'GET', `/alert_rules/?q=${encodeURIComponent(name)}`, owner.token), 200)
    expectStatus(await call(server, 'PUT', `/alert_rules/${rule!.id}`, owner.token, { ...rule, target: 'all' }), 200)
  }
  expectStatus(await device.heartbeat(boxes[1]!.id), 200)
  server.advance(2 * MINUTE)
  await sweep()
  assert.is(sent().length, 2, 'nothing more within the hour')
  assert.equal((await usage()).held, 4, "the held alert and the second device's three")
  assert.equal(expectStatus<Rec>(await call(server, 'GET', '/alerts/mail', quiet.token), 200).sent, 0, 'the limit is per organization')

  server.advance(61 * MINUTE)
  await sweep()
  assert.is(sent().length, 4, 'the next hour: two more, no more than the limit')
  server.advance(61 * MINUTE)
  await sweep()
  const all = sent()
  assert.is(all.length, 5, 'every rule has told everything')
  assert.equal((await usage()).held, 0)
  // Each rule told each device once across its mails, the held alerts of one rule folded into one mail.
  for (const rule of rules) {
    const texts = all.filter((mail) => mail.subject.includes(rule)).map((mail) => mail.text)
    assert.equal(['Loud one', 'Loud two'].map((name) => texts.filter((text) => text.includes(`- ${name}:`)).length), [1, 1], rule)
  }
  assert.ok(all.some((mail) => /2 devices/.test(mail.subject)), 'a folded mail names both devices')
})

test.run()
