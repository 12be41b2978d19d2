import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { insertDevices, markFleetSeen, setDeviceStatus, until } from '../fixtures'
import { startTestServer } from './_server'
import { confirmAsked, mails, type Mail } from './_alerts-mail'
import { openEvents, quiet, type EventStream } from './collections/_events'
import { call, client, createDevice, createHeartbeat, createKey, expectStatus, joinOrganization, register, startServer, type Client, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const MINUTE = 60_000
let server: TestServer
/** How far the server's clock was moved. */
let offset = 0
const serverNow = () => new Date(Date.now() + offset).toISOString()
const advance = (ms: number) => {
  offset += ms
  server.advance(ms)
}

test.before(async () => {
  // The sweep runs when a test asks (`server.alerts.evaluate()`), on a clock the test moves.
  server = await startServer({ offlineAfterS: 3600, alertsEveryMs: 3_600_000 })
})
test.after(() => server.close())

/** The mails of `to` that came after `known`. */
const newMails = (known: Mail[], to?: string, dataDir = server.dataDir) =>
  mails(dataDir).filter((mail) => !known.some((old) => old.file === mail.file) && (!to || mail.to === to))

interface Org {
  owner: Tenant
  device: Client
  ops: string
}

/** A registered organization with a heartbeat key and an outside address to mail. */
async function organization(name: string): Promise<Org> {
  const owner = await register(server, name)
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  return { owner, device: client(server, issued.secret), ops: `ops-${randomUUID().slice(0, 8)}@example.com` }
}

/** Makes a rule, and each outside address it names confirms, as it would from the request it is mailed. */
async function createRule(owner: Client, body: Rec) {
  const answer = await call(server, 'POST', '/alert_rules/', owner.token, body)
  await confirmAsked(server, body.emails ?? [])
  return answer
}
const alertsOf = (owner: Client, query = '') => call(server, 'GET', `/alerts?${query}`, owner.token)
const sweep = async (target = server) => {
  await target.alerts.idle()
  await target.alerts.evaluate()
}

test('a rule on a tag: no mail within the grace time, one after, none within the repeat interval, one when the device returns', async () => {
  const { owner, device, ops } = await organization('Tagged')
  const watched = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Gateway North', tags: ['site-a'] })), 201)
  const other = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Untagged box', tags: ['lab'] })), 201)
  const rule = expectStatus<Rec>(await createRule(owner, { name: 'Site A dark', target: 'tag', tag: 'site-a', condition: 'offline', emails: [ops], user_ids: [owner.userId] }), 201)
  assert.equal([rule.grace_s, rule.repeat_s, rule.enabled], [300, 3600, true])
  const before = mails(server.dataDir)
  expectStatus(await device.heartbeat(watched.id), 200)
  expectStatus(await device.heartbeat(other.id), 200)
  await sweep()

  advance(4 * MINUTE)
  await sweep()
  assert.is(newMails(before).length, 0, 'nothing within the grace time')

  advance(2 * MINUTE)
  await sweep()
  const fired = newMails(before)
  assert.equal(fired.map((mail) => mail.to).sort(), [ops, owner.email].sort(), 'one mail to each recipient')
  assert.match(fired[0]!.subject, 'Site A dark')
  assert.match(fired[0]!.subject, 'Gateway North')
  assert.not.match(fired[0]!.text, 'Untagged box')
  const firing = expectStatus<Rec[]>(await alertsOf(owner), 200)
  assert.equal(firing.map((alert) => [alert.subject_name, alert.state, alert.notified_count]), [['Gateway North', 'firing', 1]])

  advance(30 * MINUTE)
  await sweep()
  await sweep()
  assert.is(newMails(before).length, 2, 'no second mail within the repeat interval')

  expectStatus(await device.heartbeat(watched.id), 200)
  await sweep()
  const resolved = newMails(before).filter((mail) => !fired.some((old) => old.file === mail.file))
  assert.equal(resolved.map((mail) => mail.to).sort(), [ops, owner.email].sort())
  assert.match(resolved[0]!.subject, 'Resolved')
  assert.is(expectStatus<Rec[]>(await alertsOf(owner), 200).length, 0)
  const history = expectStatus<Rec[]>(await alertsOf(owner, 'state=resolved'), 200)
  assert.equal(history.map((alert) => alert.state), ['resolved'])
  await sweep()
  assert.is(newMails(before).length, 4, 'the end is told once')
})

test('alert mails link to the alert and its rule in the console; the mail of its end says another fire is mailed again', async () => {
  const { owner, device, ops } = await organization('Linked')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Linked box' })), 201)
  expectStatus(await createRule(owner, { name: 'Linked & dark', target: 'device', device_id: box.id, condition: 'offline', grace_s: 60, emails: [ops] }), 201)
  const before = mails(server.dataDir)
  expectStatus(await device.heartbeat(box.id), 200)
  advance(2 * MINUTE)
  await sweep()
  const [fired] = newMails(before, ops)
  const origin = `http://localhost:${server.port}`
  assert.ok(fired, 'the fire is mailed')
  assert.match(fired!.text, new RegExp(`: ${origin}/app/alerts\\r?\\n`))
  assert.ok(fired!.text.includes(`${origin}/app/alerts/rules?q=Linked%20%26%20dark`), fired!.text)
  expectStatus(await device.heartbeat(box.id), 200)
  await sweep()
  const ended = newMails(before, ops).filter((mail) => mail.file !== fired!.file)
  assert.is(ended.length, 1)
  assert.match(ended[0]!.text, new RegExp(`: ${origin}/app/alerts\\r?\\n`))
  assert.match(ended[0]!.text, 'If it fires again, you are mailed again.')
  assert.not.match(ended[0]!.text, 'while the alert lasts')
})

test('a firing alert is mailed again once the repeat interval has passed, and not after it is acknowledged', async () => {
  const { owner, device, ops } = await organization('Repeating')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Repeater' })), 201)
  expectStatus(await createRule(owner, { name: 'Every hour', target: 'device', device_id: box.id, condition: 'offline', grace_s: 60, repeat_s: 600, emails: [ops] }), 201)
  const before = mails(server.dataDir)
  expectStatus(await device.heartbeat(box.id), 200)
  advance(2 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 1)
  advance(11 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 2)
  const [alert] = expectStatus<Rec[]>(await alertsOf(owner), 200)
  const acked = expectStatus<Rec>(await call(server, 'POST', `/alerts/${alert!.id}/ack`, owner.token, { note: 'Truck on the way' }), 200)
  assert.equal([acked.ack_note, acked.state, typeof acked.acked_at], ['Truck on the way', 'firing', 'string'])
  advance(11 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 2, 'an acknowledged alert is not repeated')
  const trail = expectStatus<Rec[]>(await call(server, 'GET', '/audit/?collection=alerts', owner.token), 200)
  assert.ok(trail.some((entry) => entry.action === 'ack' && entry.record_id === alert!.id))
  expectStatus(await device.heartbeat(box.id), 200)
})

test('a rule switched off ends its alerts without a mail', async () => {
  const { owner, device, ops } = await organization('Switched off')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Forgotten box' })), 201)
  const rule = expectStatus<Rec>(await createRule(owner, { name: 'Soon off', target: 'all', condition: 'offline', emails: [ops] }), 201)
  const before = mails(server.dataDir)
  expectStatus(await device.heartbeat(box.id), 200)
  advance(6 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 1)
  expectStatus(await call(server, 'PUT', `/alert_rules/${rule.id}`, owner.token, { ...rule, enabled: false }), 200)
  await sweep()
  assert.is(expectStatus<Rec[]>(await alertsOf(owner), 200).length, 0)
  assert.is(expectStatus<Rec[]>(await alertsOf(owner, 'state=resolved'), 200).length, 1)
  advance(120 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 1)
})

test('a disabled device raises no offline alert, and disabling a device ends its open one', async () => {
  const { owner, device, ops } = await organization('Disabled on purpose')
  const [kept, parked] = await Promise.all(['Silent box', 'Parked box'].map(async (name) => expectStatus<Rec>(await owner.create('devices', createDevice({ name })), 201)))
  expectStatus(await createRule(owner, { name: 'Dark', target: 'all', condition: 'offline', emails: [ops] }), 201)
  const before = mails(server.dataDir)
  for (const box of [kept!, parked!]) expectStatus(await device.heartbeat(box.id), 200)
  // One is disabled before it goes silent: only the other fires.
  const current = expectStatus<Rec>(await owner.get('devices', parked!.id), 200)
  expectStatus(await owner.update('devices', parked!.id, { ...current, enabled: false }), 200)
  advance(6 * MINUTE)
  await sweep()
  const firing = expectStatus<Rec[]>(await alertsOf(owner), 200)
  assert.equal(firing.map((alert) => alert.subject_id), [kept!.id])
  assert.is(newMails(before, ops).length, 1)
  // The one firing is disabled in turn: its alert ends, as the mail of its end says.
  const silent = expectStatus<Rec>(await owner.get('devices', kept!.id), 200)
  expectStatus(await owner.update('devices', kept!.id, { ...silent, enabled: false }), 200)
  await sweep()
  assert.is(expectStatus<Rec[]>(await alertsOf(owner), 200).length, 0)
  assert.is(expectStatus<Rec[]>(await alertsOf(owner, 'state=resolved'), 200).length, 1)
  assert.equal(newMails(before, ops).map((mail) => mail.subject), ['[Edgeline Console] Alert: Dark on Silent box', '[Edgeline Console] Resolved: Dark on Silent box'])
})

test('fifty devices going dark at once make one grouped mail, and their return one more', async () => {
  const { owner, ops } = await organization('Storm')
  const at = serverNow()
  // Written straight to the table: fifty devices are past the free plan's limit.
  await insertDevices(
    server,
    owner.organizationId,
    Array.from({ length: 50 }, (_, n) => ({ name: `Storm ${String(n).padStart(2, '0')}`, serial: `STORM-${n}`, status: 'online', tags: ['uplink'], lastSeen: at, createdAt: at })),
  )
  expectStatus(await createRule(owner, { name: 'Uplink', target: 'tag', tag: 'uplink', condition: 'offline', emails: [ops] }), 201)
  const before = mails(server.dataDir)
  advance(6 * MINUTE)
  await sweep()
  const fired = newMails(before, ops)
  assert.is(fired.length, 1, 'one mail for the storm')
  assert.match(fired[0]!.subject, '50 devices')
  assert.match(fired[0]!.text, 'Storm 00')
  assert.match(fired[0]!.text, '30 more')
  assert.not.match(fired[0]!.text, 'Storm 49')
  assert.is(Number((await alertsOf(owner, 'per_page=5')).headers.get('X-Total-Count')), 50)
  await markFleetSeen(server, owner.organizationId, serverNow())
  await sweep()
  const back = newMails(before, ops)
  assert.is(back.length, 2)
  assert.match(back[1]!.subject, 'Resolved')
  assert.match(back[1]!.subject, '50 devices')
})

test("another organization's devices never trigger this organization's rules, and its rules and alerts are 404", async () => {
  const alpha = await organization('Alpha')
  const bravo = await organization('Bravo')
  const bravoBox = expectStatus<Rec>(await bravo.owner.create('devices', createDevice({ name: 'Bravo box' })), 201)
  const alphaRule = expectStatus<Rec>(await createRule(alpha.owner, { name: 'All of Alpha', target: 'all', condition: 'offline', emails: [alpha.ops] }), 201)
  const bravoRule = expectStatus<Rec>(await createRule(bravo.owner, { name: 'All of Bravo', target: 'all', condition: 'offline', emails: [bravo.ops] }), 201)
  const before = mails(server.dataDir)
  expectStatus(await bravo.device.heartbeat(bravoBox.id), 200)
  advance(6 * MINUTE)
  await sweep()
  assert.is(newMails(before, alpha.ops).length, 0, "Bravo's device does not reach Alpha")
  assert.is(newMails(before, bravo.ops).length, 1)
  assert.is(expectStatus<Rec[]>(await alertsOf(alpha.owner, 'state=all'), 200).length, 0)
  const [bravoAlert] = expectStatus<Rec[]>(await alertsOf(bravo.owner), 200)

  const a = alpha.owner.token
  assert.is((await call(server, 'GET', `/alert_rules/${bravoRule.id}`, a)).status, 404)
  assert.is((await call(server, 'PUT', `/alert_rules/${bravoRule.id}`, a, { ...bravoRule, name: 'Taken' })).status, 404)
  assert.is((await call(server, 'DELETE', `/alert_rules/${bravoRule.id}`, a)).status, 404)
  assert.is((await call(server, 'POST', `/alerts/${bravoAlert!.id}/ack`, a, { note: 'mine now' })).status, 404)
  assert.ok(!expectStatus<Rec[]>(await call(server, 'GET', '/alert_rules/', a), 200).some((rule) => rule.id === bravoRule.id))
  const foreignDevice = await createRule(alpha.owner, { name: 'Watch Bravo', target: 'device', device_id: bravoBox.id, condition: 'offline', emails: [alpha.ops] })
  assert.equal([foreignDevice.status, Object.keys(foreignDevice.body.errors ?? {})], [400, ['device_id']])
  const foreignUser = await createRule(alpha.owner, { name: 'Mail Bravo', target: 'all', condition: 'offline', user_ids: [bravo.owner.userId] })
  assert.equal([foreignUser.status, Object.keys(foreignUser.body.errors ?? {})], [400, ['user_ids']])
  const foreignMute = await call(server, 'POST', '/alerts/mutes', a, { rule_id: bravoRule.id, until: new Date(Date.parse(serverNow()) + 24 * 3600_000).toISOString() })
  assert.is(foreignMute.status, 400)
  const unchanged = expectStatus<Rec>(await call(server, 'GET', `/alert_rules/${bravoRule.id}`, bravo.owner.token), 200)
  assert.equal([unchanged.name, unchanged.version], [bravoRule.name, 1])
  expectStatus(await call(server, 'GET', `/alert_rules/${alphaRule.id}`, a), 200)
  expectStatus(await bravo.device.heartbeat(bravoBox.id), 200)
})

test('rights: no devices nor alerts is 403; devices reads rules and alerts but writes nothing', async () => {
  const owner = await register(server, 'Rights')
  const rule = expectStatus<Rec>(await createRule(owner, { name: 'Watched', target: 'all', condition: 'offline', emails: ['watch@example.com'] }), 201)
  const none = await register(server, 'Nobody')
  await joinOrganization(server, none, owner.organizationId, ['tunnels'])
  for (const [method, route] of [
    ['GET', '/alert_rules/'],
    ['GET', `/alert_rules/${rule.id}`],
    ['GET', '/alerts'],
    ['GET', '/alerts/mutes'],
  ] as const) {
    assert.is((await call(server, method, route, none.token)).status, 403, `${method} ${route}`)
  }
  const reader = await register(server, 'Reader')
  await joinOrganization(server, reader, owner.organizationId, ['devices'])
  expectStatus(await call(server, 'GET', '/alert_rules/', reader.token), 200)
  expectStatus(await call(server, 'GET', `/alert_rules/${rule.id}`, reader.token), 200)
  expectStatus(await call(server, 'GET', '/alerts', reader.token), 200)
  expectStatus(await call(server, 'GET', '/alerts/mutes', reader.token), 200)
  const writes = [
    ['POST', '/alert_rules/', { name: 'Mine', target: 'all', condition: 'offline', emails: ['x@example.com'] }],
    ['PUT', `/alert_rules/${rule.id}`, { ...rule, name: 'Renamed' }],
    ['DELETE', `/alert_rules/${rule.id}`, undefined],
    ['POST', '/alerts/mutes', { rule_id: rule.id, until: new Date(Date.now() + 3600_000).toISOString() }],
    ['POST', `/alerts/${randomUUID()}/ack`, { note: '' }],
  ] as const
  for (const [method, route, body] of writes) assert.is((await call(server, method, route, reader.token, body)).status, 403, `${method} ${route}`)
  // The new right alone opens everything.
  const operator = await register(server, 'Operator')
  await joinOrganization(server, operator, owner.organizationId, ['alerts'])
  expectStatus(await call(server, 'PUT', `/alert_rules/${rule.id}`, operator.token, { ...rule, name: 'Renamed' }), 200)
})

test('rules are checked field by field, versioned (409) and audited', async () => {
  const { owner } = await organization('Checks')
  const bad = async (body: Rec) => {
    const answer = await createRule(owner, { name: 'Bad', target: 'all', condition: 'offline', emails: ['a@example.com'], ...body })
    assert.is(answer.status, 400, JSON.stringify(body))
    return Object.keys(answer.body.errors ?? {})
  }
  assert.equal(await bad({ target: 'tag' }), ['tag'])
  assert.equal(await bad({ target: 'device' }), ['device_id'])
  assert.equal(await bad({ condition: 'metric' }), ['metric', 'threshold'])
  assert.equal(await bad({ condition: 'key_expiring' }), ['days'])
  assert.equal(await bad({ emails: [] }), ['emails'])
  assert.equal(await bad({ emails: ['not an address'] }), ['emails.0'])
  assert.equal(await bad({ emails: Array.from({ length: 21 }, (_, n) => `a${n}@example.com`) }), ['emails'])
  assert.equal(await bad({ grace_s: 5 }), ['grace_s'])
  assert.equal(await bad({ repeat_s: 1 }), ['repeat_s'])
  assert.equal(await bad({ condition: 'sometimes' }), ['condition'])
  assert.equal(await bad({ language: 'fr' }), ['language'])
  const rule = expectStatus<Rec>(await createRule(owner, { name: 'Versioned', target: 'all', condition: 'error', emails: ['A@Example.com', 'a@example.com'] }), 201)
  assert.equal(rule.emails, ['a@example.com'])
  const renamed = expectStatus<Rec>(await call(server, 'PUT', `/alert_rules/${rule.id}`, owner.token, { ...rule, name: 'Renamed' }), 200)
  assert.is(renamed.version, 2)
  const stale = await call(server, 'PUT', `/alert_rules/${rule.id}`, owner.token, { ...rule, name: 'Stale' })
  assert.equal([stale.status, stale.body.current?.name], [409, 'Renamed'])
  const found = expectStatus<Rec[]>(await call(server, 'GET', '/alert_rules/?q=renam', owner.token), 200)
  assert.equal(found.map((item) => item.id), [rule.id])
  const trail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=alerts&record_id=${rule.id}`, owner.token), 200)
  assert.equal(trail.map((entry) => entry.action), ['update', 'create'])
})

test('a heartbeat reporting error fires at once and ends with the next good one; a metric fires after its duration', async () => {
  const { owner, device, ops } = await organization('Errors')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Hot box' })), 201)
  expectStatus(await createRule(owner, { name: 'Reports error', target: 'all', condition: 'error', emails: [ops] }), 201)
  expectStatus(await createRule(owner, { name: 'CPU hot', target: 'all', condition: 'metric', metric: 'cpu', threshold: 80, duration_s: 120, emails: [ops] }), 201)
  const before = mails(server.dataDir)
  const hot = createHeartbeat({ metrics: { latency_ms: 10, bytes_in: 1, bytes_out: 1, cpu: 95, memory: 10 } })
  expectStatus(await device.heartbeat(box.id, { ...hot, status: 'error' }), 200)
  await sweep()
  assert.equal(newMails(before, ops).map((mail) => mail.subject.includes('Reports error')), [true])
  advance(MINUTE)
  expectStatus(await device.heartbeat(box.id, hot), 200)
  await sweep()
  assert.is(newMails(before, ops).length, 2, 'the error ended; the CPU has not been hot long enough')
  assert.match(newMails(before, ops)[1]!.subject, 'Resolved')
  advance(90_000)
  expectStatus(await device.heartbeat(box.id, hot), 200)
  await sweep()
  const cpu = newMails(before, ops)
  assert.is(cpu.length, 3)
  assert.match(cpu[2]!.subject, 'CPU hot')
  assert.match(cpu[2]!.text, 'CPU (%) above 80')
  expectStatus(await device.heartbeat(box.id, createHeartbeat()), 200)
  await sweep()
  assert.match(newMails(before, ops)[3]!.subject, 'Resolved: CPU hot')
})

test('a muted device is not mailed until its mute ends; a rule in German mails in German', async () => {
  const { owner, device, ops } = await organization('Muted')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Quiet box' })), 201)
  expectStatus(await createRule(owner, { name: 'Stumm', target: 'all', condition: 'offline', emails: [ops], language: 'de' }), 201)
  const until = new Date(Date.parse(serverNow()) + 60 * MINUTE).toISOString()
  const mute = expectStatus<Rec>(await call(server, 'POST', '/alerts/mutes', owner.token, { device_id: box.id, until, note: 'Maintenance' }), 201)
  assert.is(expectStatus<Rec[]>(await call(server, 'GET', '/alerts/mutes', owner.token), 200).length, 1)
  assert.is((await call(server, 'POST', '/alerts/mutes', owner.token, { device_id: box.id, until: '2001-01-01T00:00:00Z' })).status, 400)
  const logged = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=alerts&record_id=${mute.id}`, owner.token), 200)
  assert.equal(logged[0]?.changes, [
    { field: 'device', before: null, after: 'Quiet box' },
    { field: 'until', before: null, after: until },
  ], 'the trail can say whose alerts are muted, and until when')
  const before = mails(server.dataDir)
  expectStatus(await device.heartbeat(box.id), 200)
  advance(10 * MINUTE)
  await sweep()
  assert.is(newMails(before, ops).length, 0, 'muted')
  expectStatus(await call(server, 'DELETE', `/alerts/mutes/${mute.id}`, owner.token), 200)
  await sweep()
  const [mail] = newMails(before, ops)
  assert.match(mail!.subject, 'Alarm: Stumm bei Quiet box')
  assert.match(mail!.text, 'kein Heartbeat seit')
  expectStatus(await device.heartbeat(box.id), 200)
})

test('a device back from offline is told once per repeat interval; a key expiring within the days is told once', async () => {
  const { owner, device, ops } = await organization('Returns')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Flaky box' })), 201)
  expectStatus(await createRule(owner, { name: 'Back again', target: 'device', device_id: box.id, condition: 'online', repeat_s: 3600, emails: [ops] }), 201)
  const before = mails(server.dataDir)
  const goOffline = () => setDeviceStatus(server, box.id, 'offline')
  await goOffline()
  expectStatus(await device.heartbeat(box.id), 200)
  await sweep()
  const [back] = newMails(before, ops)
  assert.match(back!.subject, 'Back again on Flaky box')
  assert.match(back!.text, 'back online at')
  advance(10 * MINUTE)
  await goOffline()
  expectStatus(await device.heartbeat(box.id), 200)
  await sweep()
  assert.is(newMails(before, ops).length, 1, 'not again within the repeat interval, and no resolved mail for a return')
  advance(61 * MINUTE)
  await goOffline()
  expectStatus(await device.heartbeat(box.id), 200)
  await sweep()
  assert.is(newMails(before, ops).length, 2)

  expectStatus(await owner.create('access_keys', createKey({ name: 'Expiring soon', expires_in_days: 7 })), 201)
  expectStatus(await owner.create('access_keys', createKey({ name: 'Expiring later', expires_in_days: 90 })), 201)
  expectStatus(await createRule(owner, { name: 'Keys', target: 'all', condition: 'key_expiring', days: 10, emails: [ops] }), 201)
  await sweep()
  await sweep()
  const keyMails = newMails(before, ops).filter((mail) => mail.subject.includes('Keys'))
  assert.is(keyMails.length, 1)
  assert.match(keyMails[0]!.text, 'Expiring soon: access key expires at')
  assert.not.match(keyMails[0]!.text, 'Expiring later')
})

test('a restart neither loses a firing alert nor mails it again; the schedule sweeps by itself', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-alerts-'))
  const dataDir = path.join(root, 'data')
  let clock = Date.now()
  const now = () => new Date(clock)
  let first: TestServer | undefined = await startTestServer({ dataDir, now, alertsEveryMs: 50, offlineAfterS: 3600 })
  let second: TestServer | undefined
  try {
    const owner = await register(first, 'Restarted')
    const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
    const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Durable box' })), 201)
    expectStatus(await client(first, issued.secret).heartbeat(box.id), 200)
    expectStatus(await call(first, 'POST', '/alert_rules/', owner.token, { name: 'Durable', target: 'all', condition: 'offline', emails: [owner.email] }), 201)
    clock += 6 * MINUTE
    await until(() => mails(dataDir).length > 0, { timeoutMs: 5000 }).catch(() => undefined)
    assert.is(mails(dataDir).length, 1, 'the schedule mailed without being asked')
    await first.close()
    first = undefined
    second = await startTestServer({ dataDir, now, alertsEveryMs: 3_600_000, offlineAfterS: 3600 })
    clock += 10 * MINUTE
    await second.alerts.evaluate()
    await second.alerts.evaluate()
    assert.is(mails(dataDir).length, 1, 'no second mail after the restart')
    const alerts = expectStatus<Rec[]>(await call(second, 'GET', '/alerts', owner.token), 200)
    assert.equal(alerts.map((alert) => [alert.subject_name, alert.state, alert.notified_count]), [['Durable box', 'firing', 1]])
  } finally {
    await first?.close()
    await second?.close()
    fs.rmSync(root, { recursive: true, force: true })
  }
})

/** The `alerts` changes a stream carried, as `action id` lines, after a moment for stragglers. */
const alertChanges = async (stream: EventStream) => {
  await quiet(150)
  return stream.events.filter((event) => event.event === 'change' && event.data.collection === 'alerts').map((event) => `${event.data.action} ${event.data.id}`)
}

test("an alert firing, acknowledged, muted and resolved is told on its organization's stream alone, to those who may read alerts", async () => {
  const { owner, device } = await organization('Told')
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Told box' })), 201)
  const rule = expectStatus<Rec>(await createRule(owner, { name: 'Told dark', target: 'device', device_id: box.id, condition: 'offline', grace_s: 30, emails: ['told@example.com'] }), 201)
  const reader = await register(server, 'Told reader')
  await joinOrganization(server, reader, owner.organizationId, ['devices'])
  const outsider = await register(server, 'Told outsider')
  await joinOrganization(server, outsider, owner.organizationId, ['tunnels'])
  const stranger = await organization('Elsewhere')
  const streams = {
    owner: await openEvents(server, owner.token),
    reader: await openEvents(server, reader.token),
    outsider: await openEvents(server, outsider.token),
    stranger: await openEvents(server, stranger.owner.token),
  }
  try {
    expectStatus(await device.heartbeat(box.id), 200)
    await sweep()
    advance(MINUTE)
    await sweep()
    const [alert] = expectStatus<Rec[]>(await alertsOf(owner), 200)
    assert.ok(alert, 'the alert fired')
    await streams.owner.waitFor((event) => event.data?.collection === 'alerts')
    expectStatus(await call(server, 'POST', `/alerts/${alert!.id}/ack`, owner.token, { note: 'on it' }), 200)
    const mute = expectStatus<Rec>(await call(server, 'POST', '/alerts/mutes', owner.token, { rule_id: rule.id, until: new Date(Date.parse(serverNow()) + 3600_000).toISOString() }), 201)
    const listed = expectStatus<Rec[]>(await call(server, 'GET', '/alerts/mutes', reader.token), 200)
    assert.equal(listed.map((row) => [row.id, row.rule_name, row.device_name]), [[mute.id, 'Told dark', null]], 'a mute is listed with the names of what it holds back')
    expectStatus(await call(server, 'DELETE', `/alerts/mutes/${mute.id}`, owner.token), 200)
    expectStatus(await device.heartbeat(box.id), 200)
    await sweep()
    assert.is(expectStatus<Rec[]>(await alertsOf(owner, 'state=resolved'), 200)[0]?.id, alert!.id, 'the alert resolved')
    const told = [`create ${alert!.id}`, `update ${alert!.id}`, `create ${mute.id}`, `delete ${mute.id}`, `update ${alert!.id}`]
    // The fire's mail is told too (its notified count), right after the fire.
    const mailed = `update ${alert!.id}`
    const ownerSaw = await alertChanges(streams.owner)
    assert.equal(ownerSaw, [told[0], mailed, ...told.slice(1)])
    assert.equal(await alertChanges(streams.reader), ownerSaw, 'a holder of devices hears it too')
    assert.equal(await alertChanges(streams.outsider), [], 'a member without alerts nor devices hears nothing')
    assert.equal(await alertChanges(streams.stranger), [], 'another organization hears nothing')
    assert.equal(streams.stranger.events, [], 'nor anything else of this one')
  } finally {
    for (const stream of Object.values(streams)) stream.close()
  }
})

test.run()
