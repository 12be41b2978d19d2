import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { alertCount, insertDevices, mails as outboxMails, markFleetSeen, setDeviceStatus } from '../fixtures'
import { call, createDevice, expectStatus, register, type TestServer } from '../api/collections/_api'
import { alertMails, answerLink, confirmationRace, mailsSince, outbox, requests, tokenFor } from '../api/_alerts-mail'
import { startPair } from './_pair'

type Rec = Record<string, any>

// Two server processes' worth of servers on one PostgreSQL database, on one clock the test moves;
// each has its own outbox, so a mail sent twice shows as one in each.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>
let clock = Date.now()
const now = () => new Date(clock)

test.before(async () => {
  ;({ a, b, stop } = await startPair({ now, alertsEveryMs: 3_600_000, offlineAfterS: 3600, alertMailsPerHour: 5 }))
})
test.after(() => stop())

/** The texts of every mail to `to` in both outboxes. */
const mailsTo = (to: string) => [a, b].flatMap((server) => outboxMails(server.dataDir, to).map((mail) => mail.text))

/** How many times each device is named across `texts`. */
const namings = (texts: string[], names: string[]) => names.map((name) => texts.filter((text) => text.includes(`- ${name}:`)).length)

/** Both evaluators sweeping at once, several times over, as two processes without a lease would. */
const sweepBoth = () => Promise.all([a.alerts.evaluate(), b.alerts.evaluate(), a.alerts.evaluate(), b.alerts.evaluate()])

test('two evaluators sweeping the same database at once open each alert once and mail each device once, firing and resolved', async () => {
  const owner = await register(a, 'Raced')
  const ops = 'race-ops@example.com'
  const at = now().toISOString()
  const names = Array.from({ length: 20 }, (_, n) => `Raced ${String(n).padStart(2, '0')}`)
  await insertDevices(
    a,
    owner.organizationId,
    names.map((name, n) => ({ name, serial: `RACE-${n}`, status: 'online', lastSeen: at, createdAt: at })),
  )
  const known = outbox([a, b])
  expectStatus(await call(a, 'POST', '/alert_rules/', owner.token, { name: 'Raced rule', target: 'all', condition: 'offline', grace_s: 60, emails: [ops] }), 201)
  await a.idle()
  // Asked by one process, confirmed through the other.
  assert.is((await answerLink(b, tokenFor(mailsSince([a, b], known, ops), ops), 'confirm')).status, 200)

  clock += 2 * 60_000
  await sweepBoth()
  assert.is(await alertCount(a, owner.organizationId), 20, 'one alert per device')
  assert.equal(namings(mailsTo(ops), names), Array(20).fill(1), 'each device mailed once')

  clock += 10 * 60_000
  await sweepBoth()
  assert.equal(namings(mailsTo(ops), names), Array(20).fill(1), 'nothing again within the repeat interval')

  await markFleetSeen(a, owner.organizationId, now().toISOString())
  await sweepBoth()
  const resolved = mailsTo(ops).filter((text) => /Subject: .*Resolved/.test(text))
  assert.equal(namings(resolved, names), Array(20).fill(1), 'each end mailed once')
  const firing = expectStatus<Rec[]>(await call(b, 'GET', '/alerts', owner.token), 200)
  assert.is(firing.length, 0)
})

test('rules naming the same new address on two processes at once send it one request', () => confirmationRace([a, b]))

test("two evaluators sweeping at once never pass an organization's hourly alert mail limit", async () => {
  const owner = await register(a, 'Limited')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Limited box' })), 201)
  await setDeviceStatus(a, box.id, 'online', now().toISOString())
  for (let n = 0; n < 7; n++) {
    expectStatus(await call(n % 2 ? b : a, 'POST', '/alert_rules/', owner.token, { name: `Limited ${n}`, target: 'all', condition: 'offline', grace_s: 60, repeat_s: 86400, emails: [owner.email] }), 201)
  }
  const known = outbox([a, b])
  clock += 2 * 60_000
  await sweepBoth()
  assert.is(alertMails(mailsSince([a, b], known, owner.email)).length, 5, 'five mails of seven, over both processes')
  const usage = expectStatus<Rec>(await call(b, 'GET', '/alerts/mail', owner.token), 200)
  assert.equal([usage.sent, usage.held], [5, 2])
  assert.is(requests(mailsSince([a, b], known)).length, 0, 'a member is not asked')
  clock += 61 * 60_000
  await sweepBoth()
  assert.is(alertMails(mailsSince([a, b], known, owner.email)).length, 7, 'the held two go out the next hour, once each')
})

test.run()
