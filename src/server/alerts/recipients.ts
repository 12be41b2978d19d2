import { randomUUID } from 'node:crypto'
import { ALERT_LIMITS, type AlertEmailState, type AlertLanguage } from '../../contract/alerts'
import { hashSecret, newSecret } from '../auth/tokens'
import type { WriteContext } from '../collections/engine'
import { organizationName } from '../db/alerts/evaluate'
import { insertRequest, memberEmailsAmong, nameAndEmailOf, renewExpiredRequest, requestStates } from '../db/alerts/recipients'
import type { AnyDb, Db } from '../db/open'
import { Problem } from '../problem'
import { message } from '../messages'
import { take, windowOf } from './budget'
import { sendRequests, type Request } from './request-mail'

const DAY_MS = 86400_000

/** Which of `emails` are the addresses of active members of the organization. */
export async function memberEmails(db: AnyDb | Db, organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set()
  return new Set((await memberEmailsAmong(db, organizationId, emails)).map((email) => email.toLowerCase()))
}

/** Where each of `emails` stands for the organization: a member's, or the answer of an outside one (pending until then). */
export async function emailStates(db: AnyDb | Db, organizationId: string, emails: readonly string[]): Promise<Map<string, AlertEmailState>> {
  const unique = [...new Set(emails)]
  const members = await memberEmails(db, organizationId, unique)
  const outside = unique.filter((email) => !members.has(email))
  const rows = outside.length ? await requestStates(db, organizationId, outside) : []
  const answered = new Map(rows.map((row) => [row.email, row.state as AlertEmailState]))
  return new Map(unique.map((email) => [email, members.has(email) ? 'member' : (answered.get(email) ?? 'pending')]))
}

/** The addresses among `emails` that may be mailed now: members', and outside ones that confirmed. */
export async function mailable(db: Db, organizationId: string, emails: readonly string[]): Promise<string[]> {
  const states = await emailStates(db, organizationId, emails)
  return [...states].filter(([, state]) => state === 'member' || state === 'confirmed').map(([email]) => email)
}

/** Who asked, as the request names them: a person by name and address, a key or an app id by name. */
async function askerOf(ctx: WriteContext): Promise<string> {
  const { actor } = ctx
  if (actor.kind !== 'user') return actor.name
  const user = await nameAndEmailOf(ctx.db, actor.id)
  return user ? (user.name ? `${user.name} <${user.email}>` : user.email) : actor.name
}

/**
 * Within a rule's write: each outside address it names that the organization never asked (or
 * whose request expired unanswered) gets a request, mailed once the write is kept. A unique row
 * per organization and address means two writes naming it at once ask once; a refused address
 * is never asked again. Past the organization's requests of the day the write is refused (429).
 */
export async function askOutside(ctx: WriteContext, emails: readonly string[], language: AlertLanguage): Promise<void> {
  const organizationId = ctx.principal.organizationId
  // Sorted, so two writes lock the rows of the same addresses in the same order.
  const wanted = [...new Set(emails)].sort()
  const members = await memberEmails(ctx.db, organizationId, wanted)
  const outside = wanted.filter((email) => !members.has(email))
  if (!outside.length) return
  const { db } = ctx
  const requestedBy = await askerOf(ctx)
  const expiresAt = new Date(Date.parse(ctx.now) + ALERT_LIMITS.confirmDays * DAY_MS).toISOString()
  const asks: Request[] = []
  for (const email of outside) {
    const token = newSecret()
    const fresh = { token_hash: hashSecret(token), expires_at: expiresAt, language, requested_by: requestedBy, requested_at: ctx.now }
    const asked =
      (await insertRequest(db, { id: randomUUID(), organization_id: organizationId, email, state: 'pending', answered_at: null, created_at: ctx.now, ...fresh })) ||
      (await renewExpiredRequest(db, organizationId, email, fresh, ctx.now))
    if (asked) asks.push({ email, token })
  }
  if (!asks.length) return
  const limit = ALERT_LIMITS.confirmationsPerDay
  if (!(await take(db, organizationId, 'requests', asks.length, limit, new Date(ctx.now)))) {
    const window = await windowOf(db, organizationId, 'requests', new Date(ctx.now))
    const wait = window ? Math.max(1, Math.ceil((Date.parse(window.endsAt) - Date.parse(ctx.now)) / 1000)) : 60
    throw new Problem('tooMany', message('alertRequestsLimit', { limit, hours: Math.ceil(wait / 3600) }), undefined, { retryAfterS: wait })
  }
  const organization = await organizationName(db, organizationId)
  const { services, linkOrigin } = ctx
  const batch = { organization, requestedBy, language, origin: linkOrigin }
  ctx.later(() => services.background.run(() => sendRequests(services, batch, asks)))
}
