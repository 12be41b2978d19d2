import * as assert from 'uvu/assert'
import { mails as outboxMails, recipientRows } from '../fixtures'
import { call, expectStatus, register, type Client, type TestServer } from './collections/_api'

type Rec = Record<string, any>

export interface Mail {
  file: string
  to: string
  subject: string
  text: string
}

/** The mails in a data folder's outbox, decoded enough to read their recipient, subject and text. */
export const mails = (dataDir: string): Mail[] =>
  outboxMails(dataDir).map((mail) => ({ file: mail.file, to: mail.to, subject: mail.subject, text: mail.body }))

/** The mails of every server's outbox to `to` (all when left out) that are not in `known`. */
export const mailsSince = (servers: TestServer[], known: Mail[], to?: string) =>
  servers.flatMap((server) => mails(server.dataDir)).filter((mail) => !known.some((old) => old.file === mail.file) && (!to || mail.to === to))

/** Every mail of every server's outbox so far. */
export const outbox = (servers: TestServer[]) => servers.flatMap((server) => mails(server.dataDir))

const isRequest = (mail: Mail) => /\/alert-mail\?token=/.test(mail.text)

/** The confirmation requests among `list`. */
export const requests = (list: Mail[]) => list.filter(isRequest)
/** The alert mails among `list` (anything but a confirmation request). */
export const alertMails = (list: Mail[]) => list.filter((mail) => !isRequest(mail))

/** The token of the confirmation request mailed to `to` among `list` (the last one). */
export function tokenFor(list: Mail[], to: string): string {
  const mail = requests(list).filter((one) => one.to === to).at(-1)
  assert.ok(mail, `a confirmation request to ${to}`)
  const token = /\/alert-mail\?token=([\w-]+)/.exec(mail!.text)?.[1]
  assert.ok(token, 'the request carries a link with its token')
  return token!
}

/** Opens a confirmation link as a browser would: the page, not the answer. */
export const openLink = (server: TestServer, token: string, answer: 'confirm' | 'refuse') =>
  fetch(`${server.url}/api/alert-mail?token=${encodeURIComponent(token)}&answer=${answer}`)

/** Presses the page's button: a form post of the token and the answer. */
export const answerLink = (server: TestServer, token: string, answer: 'confirm' | 'refuse') =>
  fetch(`${server.url}/api/alert-mail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, answer }).toString(),
  })

/** The state the rule shows for each of its addresses, as `email state` lines. */
export async function statesOf(server: TestServer, owner: Client, ruleId: string): Promise<string[]> {
  const rule = expectStatus<Rec>(await call(server, 'GET', `/alert_rules/${ruleId}`, owner.token), 200)
  return (rule.email_states as Rec[] | undefined ?? []).map((entry) => `${entry.email} ${entry.state}`)
}

const rule = (name: string, emails: string[]) => ({ name, target: 'all', condition: 'offline', emails })

/**
 * Rules naming the same new address saved side by side (creates and an edit, on `servers` in
 * turn): the address is asked once, whoever wins.
 */
export async function confirmationRace(servers: TestServer[], rounds = 5): Promise<void> {
  const [first] = servers
  for (let round = 0; round < rounds; round++) {
    const owner = await register(first!, 'Confirmation racer')
    const address = `raced-${round}-${Date.now().toString(36)}@example.net`
    const edited = expectStatus<Rec>(await call(first!, 'POST', '/alert_rules/', owner.token, rule('Edited', [owner.email])), 201)
    const known = outbox(servers)
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, index) => call(servers[index % servers.length]!, 'POST', '/alert_rules/', owner.token, rule(`Raced ${index}`, [address]))),
      call(servers[5 % servers.length]!, 'PUT', `/alert_rules/${edited.id}`, owner.token, { ...edited, emails: [owner.email, address] }),
    ])
    assert.equal(answers.map((answer) => answer.status), [...Array(5).fill(201), 200])
    await Promise.all(servers.map((server) => server.idle()))
    assert.is(requests(mailsSince(servers, known, address)).length, 1, 'one request for the address')
    assert.is(await recipientRows(first!, owner.organizationId, address), 1)
  }
}

/** Confirms, as each address would from its mail, the last request to each of `emails` (those asked). */
export async function confirmAsked(server: TestServer, emails: readonly string[]): Promise<void> {
  await server.idle()
  const asked = requests(mails(server.dataDir))
  for (const email of emails) {
    if (!asked.some((mail) => mail.to === email)) continue
    await answerLink(server, tokenFor(asked, email), 'confirm')
  }
}
