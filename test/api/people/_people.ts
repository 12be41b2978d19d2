// Shared parts of the users and invitations tests: calls on /users/, the seeded roles, the invitation mail.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
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

/** The organization's role ids by name, read from the database as they were seeded or made. */
export async function roleIds(server: TestServer, organizationId: string): Promise<Record<string, string>> {
  const rows = await server.rows<{ id: string; name: string }>(sql`SELECT id, name FROM roles WHERE organization_id = ${organizationId}`)
  return Object.fromEntries(rows.map((row) => [row.name, row.id]))
}

/** The member of the organization with `email`, as the list shows it. */
export async function memberByEmail(server: TestServer, token: string, email: string): Promise<Rec> {
  const rows = expectStatus<Rec[]>(await people(server, token).list({ q: email }), 200, `search ${email}`)
  const row = rows.find((each) => each.email === email)
  if (!row) throw new Error(`${email} is not listed`)
  return row
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** Every mail to `to` in the outbox, oldest first, decoded. */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, name), 'utf8')))
    .filter((mail) => mail.includes(`To: ${to}`))
}

/** Waits for the `count`-th mail to `to` and returns it with the invitation token it links, if any. */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 3000): Promise<{ text: string; token: string; link: string }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = mailsTo(dataDir, to)
    const text = mails[count - 1]
    if (text) {
      const link = /https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(text)?.[0] ?? ''
      return { text, link, token: link ? (new URL(link).searchParams.get('token') ?? '') : '' }
    }
    if (Date.now() > deadline) throw new Error(`No mail number ${count} to ${to}; ${mails.length} there`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

let made = 0
export const newAddress = (name = 'invitee') => `${name}-${process.pid}-${++made}@example.com`
