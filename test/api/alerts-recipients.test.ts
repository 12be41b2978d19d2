import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { recipientTokenHash } from '../fixtures'
import { alertMails, answerLink, confirmationRace, mails, mailsSince, openLink, requests, statesOf, tokenFor, type Mail } from './_alerts-mail'
import { call, client, createDevice, createKey, expectStatus, joinOrganization, register, startServer, type Client, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const LONG = { idleSeconds: 365 * 86400, maxSeconds: 365 * 86400 }
let server: TestServer

test.before(async () => {
  // The sweep runs when a test asks, on a clock the test moves.
  // Sessions outlast the days the clock is moved.
  server = await startServer({ offlineAfterS: 3600, alertsEveryMs: 3_600_000, sessions: { remembered: LONG, short: LONG } })
})
test.after(() => server.close())

const sweep = async () => {
  await server.alerts.idle()
  await server.alerts.evaluate()
}
const since = (known: Mail[], to?: string) => mailsSince([server], known, to)
const outside = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.net`

interface Org {
  owner: Tenant
  device: Client
  box: Rec
}

/** An organization with one device that has reported once, so it goes dark when the clock moves. */
async function organization(name: string): Promise<Org> {
  const owner = await register(server, name)
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  const device = client(server, issued.secret)
  const box = expectStatus<Rec>(await owner.create('devices', createDevice({ name: `${name} box` })), 201)
  expectStatus(await device.heartbeat(box.id), 200)
  return { owner, device, box }
}

const createRule = async (owner: Client, name: string, emails: string[], extra: Rec = {}) => {
  const answer = await call(server, 'POST', '/alert_rules/', owner.token, { name, target: 'all', condition: 'offline', grace_s: 60, emails, ...extra })
  await server.idle()
  return answer
}

/** The device goes dark past the grace time and the sweep mails; it reports again afterwards. */
async function goDark() {
  server.advance(2 * MINUTE)
  await sweep()
}

test('an outside address gets no alert mail until it confirms, then gets it; the request names who asked and the organization', async () => {
  const org = await organization('Relay Test')
  const ops = outside('ops')
  const before = mails(server.dataDir)
  const rule = expectStatus<Rec>(await createRule(org.owner, 'Dark', [ops], { user_ids: [org.owner.userId], repeat_s: 600 }), 201)
  const asked = requests(since(before, ops))
  assert.is(asked.length, 1, 'one confirmation request')
  assert.match(asked[0]!.text, "Relay Test's organization")
  assert.match(asked[0]!.text, org.owner.email)
  assert.match(asked[0]!.text, 'answer=refuse')
  assert.equal(rule.email_states, [{ email: ops, state: 'pending' }])

  await goDark()
  assert.is(alertMails(since(before, ops)).length, 0, 'nothing to an address that has not confirmed')
  assert.is(alertMails(since(before, org.owner.email)).length, 1, 'the member is mailed')

  const token = tokenFor(since(before), ops)
  const page = await openLink(server, token, 'confirm')
  assert.is(page.status, 200)
  assert.match(page.headers.get('Content-Type') ?? '', 'text/html')
  const html = await page.text()
  assert.match(html, '<form')
  assert.match(html, 'Relay Test')
  assert.equal(await statesOf(server, org.owner, rule.id), [`${ops} pending`], 'opening the link changes nothing (a mail scanner opens links)')

  const answered = await answerLink(server, token, 'confirm')
  assert.is(answered.status, 200)
  assert.match(await answered.text(), ops)
  assert.equal(await statesOf(server, org.owner, rule.id), [`${ops} confirmed`])
  assert.is((await answerLink(server, token, 'refuse')).status, 400, 'the link works once')

  server.advance(11 * MINUTE)
  await sweep()
  const alerted = alertMails(since(before, ops))
  assert.is(alerted.length, 1, 'the repeat reaches the confirmed address')
  assert.match(alerted[0]!.subject, 'Dark')
  expectStatus(await org.device.heartbeat(org.box.id), 200)
})

test('a refused address is never mailed again by that organization, not even asked again', async () => {
  const org = await organization('Refused')
  const stranger = outside('stranger')
  const before = mails(server.dataDir)
  const first = expectStatus<Rec>(await createRule(org.owner, 'First', [stranger]), 201)
  const token = tokenFor(since(before), stranger)
  assert.is((await answerLink(server, token, 'refuse')).status, 200)
  assert.equal(await statesOf(server, org.owner, first.id), [`${stranger} refused`])

  const second = expectStatus<Rec>(await createRule(org.owner, 'Second', [stranger], { user_ids: [org.owner.userId] }), 201)
  expectStatus(await call(server, 'PUT', `/alert_rules/${first.id}`, org.owner.token, { ...first, name: 'First again' }), 200)
  await server.idle()
  assert.equal(second.email_states, [{ email: stranger, state: 'refused' }])
  await goDark()
  assert.is(since(before, stranger).length, 1, 'only the one request, ever')
  assert.equal(alertMails(since(before, org.owner.email)).map((mail) => mail.subject.includes('Second')), [true], 'the member of the second rule still hears of it')
  expectStatus(await org.device.heartbeat(org.box.id), 200)
})

test("a member's address needs no confirmation; another address of no member does", async () => {
  const org = await organization('Members')
  const member = await register(server, 'Member')
  await joinOrganization(server, member, org.owner.organizationId, ['devices'])
  const ops = outside('ops')
  const before = mails(server.dataDir)
  const rule = expectStatus<Rec>(await createRule(org.owner, 'Team', [member.email.toUpperCase(), org.owner.email, ops]), 201)
  assert.equal(
    rule.email_states.map((entry: Rec) => entry.state),
    ['member', 'member', 'pending'],
  )
  assert.equal(requests(since(before)).map((mail) => mail.to), [ops], 'only the outside address is asked')
  await goDark()
  const ours = [member.email, org.owner.email, ops]
  const alerted = alertMails(since(before)).filter((mail) => ours.includes(mail.to))
  assert.equal(alerted.map((mail) => mail.to).sort(), [member.email, org.owner.email].sort(), 'both members, not the address that has not confirmed')
  expectStatus(await org.device.heartbeat(org.box.id), 200)
})

test("another organization's confirmation does not confirm for this one, and its token confirms only its own", async () => {
  const alpha = await organization('Alpha relay')
  const bravo = await organization('Bravo relay')
  const shared = outside('shared')
  const before = mails(server.dataDir)
  const alphaRule = expectStatus<Rec>(await createRule(alpha.owner, 'Alpha dark', [shared]), 201)
  const bravoRule = expectStatus<Rec>(await createRule(bravo.owner, 'Bravo dark', [shared]), 201)
  const asked = requests(since(before, shared))
  assert.is(asked.length, 2, 'each organization asks for itself')
  const bravoMail = asked.find((mail) => mail.text.includes('Bravo relay'))!
  const bravoToken = tokenFor([bravoMail], shared)
  assert.is((await answerLink(server, bravoToken, 'confirm')).status, 200)
  assert.equal(await statesOf(server, bravo.owner, bravoRule.id), [`${shared} confirmed`])
  assert.equal(await statesOf(server, alpha.owner, alphaRule.id), [`${shared} pending`], "Bravo's confirmation is Bravo's alone")

  await goDark()
  const alerted = alertMails(since(before, shared))
  assert.equal(alerted.map((mail) => mail.subject.includes('Bravo dark')), [true], "only Bravo's rule reaches the address")
  // Alpha cannot take the address's answer for its own through its API either.
  const forged = await call(server, 'PUT', `/alert_rules/${alphaRule.id}`, alpha.owner.token, { ...alphaRule, email_states: [{ email: shared, state: 'confirmed' }] })
  assert.equal(forged.body.email_states, [{ email: shared, state: 'pending' }])
  for (const org of [alpha, bravo]) expectStatus(await org.device.heartbeat(org.box.id), 200)
})

test('a link expires, and an unknown, spent or expired token changes nothing', async () => {
  const org = await organization('Expiring')
  const late = outside('late')
  const before = mails(server.dataDir)
  const rule = expectStatus<Rec>(await createRule(org.owner, 'Late', [late]), 201)
  const token = tokenFor(since(before), late)
  assert.is((await answerLink(server, 'not-a-token', 'confirm')).status, 400)
  assert.is((await openLink(server, 'not-a-token', 'confirm')).status, 400)
  const odd = [
    fetch(`${server.url}/api/alert-mail`),
    fetch(`${server.url}/api/alert-mail?token=${'x'.repeat(5000)}`),
    fetch(`${server.url}/api/alert-mail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, answer: 'confirm' }) }),
    fetch(`${server.url}/api/alert-mail`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${token}&answer=maybe` }),
  ]
  assert.equal((await Promise.all(odd)).map((answer) => answer.status), [400, 400, 400, 400], 'nothing but the form with a known token and an answer')
  const storedHash = await recipientTokenHash(server, late)
  assert.ok(storedHash && storedHash !== token, 'only a hash of the token is kept')
  server.advance(8 * DAY)
  assert.is((await answerLink(server, token, 'confirm')).status, 400, 'expired after a week')
  assert.equal(await statesOf(server, org.owner, rule.id), [`${late} pending`])
  // Named again once the request expired, the address is asked once more.
  expectStatus(await call(server, 'PUT', `/alert_rules/${rule.id}`, org.owner.token, { ...rule, name: 'Late again' }), 200)
  await server.idle()
  assert.is(requests(since(before, late)).length, 2)
  expectStatus(await org.device.heartbeat(org.box.id), 200)
})

test('confirmation requests are limited per organization: past the day\'s limit a rule naming new addresses is 429', async () => {
  const org = await organization('Asker')
  const before = mails(server.dataDir)
  const many = Array.from({ length: 20 }, (_, n) => outside(`many${n}`))
  expectStatus(await createRule(org.owner, 'Twenty', many), 201)
  assert.is(requests(since(before)).length, 20)
  const refused = await createRule(org.owner, 'One more', [outside('extra')])
  assert.is(refused.status, 429)
  assert.match(refused.body.message, '20')
  assert.ok(Number(refused.headers.get('Retry-After')) > 0)
  assert.is(requests(since(before)).length, 20, 'nothing more was asked')
  // Addresses asked already cost nothing, and the next day opens again.
  expectStatus(await createRule(org.owner, 'Same twenty', many.slice(0, 5)), 201)
  const other = await organization('Other asker')
  expectStatus(await createRule(other.owner, 'Elsewhere', [outside('elsewhere')]), 201)
  server.advance(DAY + MINUTE)
  expectStatus(await createRule(org.owner, 'Next day', [outside('next')]), 201)
  assert.is(requests(since(before)).length, 22)
  for (const one of [org, other]) expectStatus(await one.device.heartbeat(one.box.id), 200)
})

test('rules naming the same new address at once send it one request', () => confirmationRace([server]))

test('the answer page says what happened in the language of the rule that asked, and escapes what the organization chose', async () => {
  const owner = await register(server, '<b>Evil</b> & Co')
  const address = outside('page')
  const before = mails(server.dataDir)
  expectStatus(await createRule(owner, 'Seite', [address], { language: 'de' }), 201)
  const [request] = requests(since(before, address))
  assert.match(request!.subject, 'Alarm')
  const token = tokenFor(since(before), address)
  const html = await (await openLink(server, token, 'refuse')).text()
  assert.not.match(html, '<b>Evil</b>')
  assert.match(html, '&lt;b&gt;Evil&lt;/b&gt;')
  const done = await answerLink(server, token, 'refuse')
  assert.match(done.headers.get('Content-Security-Policy') ?? '', "default-src 'none'")
  assert.match(await done.text(), 'lang="de"')
})

test.run()
