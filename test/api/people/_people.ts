// Shared parts of the users and invitations tests: calls on /users/, the seeded roles, the invitation mail.
import { linkTo, mails } from '../../fixtures/outbox'
import { roleIds } from '../../fixtures/people'
import { until } from '../../fixtures/until'
import { call, expectStatus, type TestServer } from '../collections/_api'

type Rec = Record<string, any>

/** The calls of one caller on the users collection and its own routes. */
export function people(server: TestServer, token: string) {
  const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
  return {
    list: (params: Record<string, string | number> = {}) => call(server, 'GET', `/users/?${query(params)}`, token),
    get: (id: string) => call(server, 'GET', `/users/${encodeURIComponent(id)}`, token),
    invite: (body: unknown) => call(server, 'POST', '/users/', token, body),
    update: (id: string, body: unknown) => call(server, 'PUT', `/users/${encodeURIComponent(id)}`, token, body),
    remove: (id: string) => call(server, 'DELETE', `/users/${encodeURIComponent(id)}`, token),
    resend: (id: string) => call(server, 'POST', `/users/${encodeURIComponent(id)}/invitation`, token),
    withdraw: (id: string) => call(server, 'DELETE', `/users/${encodeURIComponent(id)}/invitation`, token),
    signIns: (id: string) => call(server, 'GET', `/users/${encodeURIComponent(id)}/sign-ins`, token),
  }
}

export { roleIds }

/** The member of the organization with `email`, as the list shows it. */
export async function memberByEmail(server: TestServer, token: string, email: string): Promise<Rec> {
  const rows = expectStatus<Rec[]>(await people(server, token).list({ q: email }), 200, `search ${email}`)
  const row = rows.find((each) => each.email === email)
  if (!row) throw new Error(`${email} is not listed`)
  return row
}

/** Every mail to `to` in the outbox, oldest first, decoded. */
export const mailsTo = (dataDir: string, to: string): string[] => mails(dataDir, to).map((mail) => mail.text)

/** Waits for the `count`-th mail to `to` and returns it with the invitation token it links, if any. */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 3000): Promise<{ text: string; token: string; link: string }> {
  const text = await until(() => mailsTo(dataDir, to)[count - 1], { timeoutMs, what: `mail number ${count} to ${to}` })
  const { link, token } = linkTo(text, '/invitation') ?? { link: '', token: '' }
  return { text, link, token }
}

let made = 0
export const newAddress = (name = 'invitee') => `${name}-${process.pid}-${++made}@example.com`
