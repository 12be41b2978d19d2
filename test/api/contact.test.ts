import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearThrottles, decodeQuotedPrintable, mails as outboxMails } from '../fixtures'
import { ADMIN, startTestServer, type TestServer } from './_server'

let server: TestServer
let client = 0

/** A message from a client of its own (the server trusts one proxy), or from `from`. */
const send = (body: unknown, from = `198.51.100.${++client}`) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const ada = { name: 'Ada Lovelace', email: 'ada@example.com', messages: 'We run 80 kiosks in two depots.\nWhich plan fits?' }
const mails = () => outboxMails(server.dataDir).map((mail) => mail.raw)
/** Unfolds a mail's headers and undoes quoted-printable, to read it as written. */
const plain = (raw: string) => decodeQuotedPrintable(raw.replace(/\r\n[ \t]/g, ' '))

test.before(async () => {
  server = await startTestServer({ trustProxy: 1, contactMailsPerHour: 4 })
})
test.after(() => server.close())

test('a message is mailed to the first administrator, the writer in Reply-To, and answered 202', async () => {
  const res = await send(ada)
  assert.is(res.status, 202)
  assert.equal(await res.json(), { message: 'Your message was sent.' })
  const [mail] = mails()
  assert.ok(mail, 'one mail in the outbox')
  const text = plain(mail!)
  assert.match(text, new RegExp(`^To: ${ADMIN.email}\\r$`, 'm'))
  assert.match(text, /^Reply-To: Ada Lovelace <ada@example\.com>\r$/m)
  assert.match(text, /^Subject: Contact form: Ada Lovelace\r$/m)
  assert.match(text, /We run 80 kiosks in two depots\./)
  assert.ok(server.logs.some((line) => line.startsWith('Contact message from ada@example.com written to')))
})

test('a body past its limits, a bad address or a missing name is 400 and mails nothing', async () => {
  const before = mails().length
  for (const [body, field] of [
    [{ ...ada, name: 'x'.repeat(121) }, 'name'],
    [{ ...ada, email: 'ada@example' }, 'email'],
    [{ ...ada, email: 'ada@example.com\r\nBcc: all@example.com' }, 'email'],
    [{ ...ada, messages: 'x'.repeat(2001) }, 'messages'],
    [{ email: 'ada@example.com' }, 'name'],
    [{ ...ada, extra: 1 }, 'extra'],
  ] as const) {
    const res = await send(body)
    assert.is(res.status, 400, field)
    const answer = (await res.json()) as { errors?: Record<string, string> }
    assert.ok(answer.errors?.[field], `${field}: ${JSON.stringify(answer)}`)
  }
  assert.is(mails().length, before)
})

test('no header can be injected: line breaks in the name stay in one Subject line', async () => {
  const res = await send({ ...ada, name: 'Eve\r\nBcc: everyone@example.com\r\nX-Evil: 1' })
  assert.is(res.status, 202)
  const text = mails().find((raw) => raw.includes('Eve'))!
  assert.not.match(text, /^Bcc:/m)
  assert.not.match(text, /^X-Evil:/m)
  assert.match(plain(text), /^Subject: Contact form: EveBcc: everyone@example\.comX-Evil: 1\r$/m)
})

test('a filled honeypot is answered as sent, and nothing is mailed', async () => {
  const before = mails().length
  const res = await send({ ...ada, website: 'https://spam.example' })
  assert.is(res.status, 202)
  assert.equal(await res.json(), { message: 'Your message was sent.' })
  assert.is(mails().length, before)
})

test('one client sends 5 messages an hour, then 429 with Retry-After', async () => {
  await clearThrottles(server)
  const from = '203.0.113.50'
  // The whole server's hourly cap (4 in this test) would answer first: this client's attempts carry the honeypot, counted but never mailed.
  for (let i = 0; i < 5; i++) assert.is((await send({ ...ada, website: 'x' }, from)).status, 202)
  const refused = await send(ada, from)
  assert.is(refused.status, 429)
  assert.ok(Number(refused.headers.get('Retry-After')) > 0)
  assert.match(((await refused.json()) as { message: string }).message, /Too many attempts/)
  assert.is((await send(ada)).status, 202, 'another client still gets through')
})

test('the whole server mails at most CONTACT_MAILS_PER_HOUR messages an hour, whoever sends them', async () => {
  await clearThrottles(server)
  const before = mails().length
  for (let i = 0; i < 4; i++) assert.is((await send(ada)).status, 202)
  const refused = await send(ada)
  assert.is(refused.status, 429)
  assert.ok(Number(refused.headers.get('Retry-After')) > 0)
  assert.match(((await refused.json()) as { message: string }).message, /The contact form has taken all the messages it can this hour \(4\)/)
  assert.is(mails().length, before + 4)
  server.advance(61 * 60_000)
  assert.is((await send(ada)).status, 202, 'the next hour takes messages again')
})

test('CONTACT_EMAIL names where the messages go', async () => {
  const other = await startTestServer({ contactEmail: 'sales@example.com', seedFleet: false })
  try {
    const res = await fetch(`${other.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ada) })
    assert.is(res.status, 202)
    const [mail] = outboxMails(other.dataDir)
    assert.match(mail!.raw, /^To: sales@example\.com\r$/m)
  } finally {
    await other.close()
  }
})

test.run()
