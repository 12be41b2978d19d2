import { randomUUID } from 'node:crypto'
import { ALERT_LIMITS, type AlertEmailState, type AlertLanguage } from '../../contract/alerts'
import { hashSecret, newSecret } from '../auth/tokens'
import type { WriteContext } from '../collections/engine'
import type { AnyDb, Db } from '../db/open'
import { Problem } from '../problem'
import { message } from '../messages'
import { take, windowOf } from './budget'
import { sendRequests, type Request } from './request-mail'

const DAY_MS = 86400_000

/** The addresses of the organization's active members (active accounts too), to narrow further. */
export const activeMemberEmails = (db: AnyDb | Db, organizationId: string) =>
  (db as Db)
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('users.email')
    .where('members.organization_id', '=', organizationId)
    .where('members.status', '=', 'active')
    .where('users.status', '=', 'active')

/** Which of `emails` are the addresses of active members of the organization. */
export async function memberEmails(db: AnyDb | Db, organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set()
  const rows = await activeMemberEmails(db, organizationId).where('users.email', 'in', [...emails]).execute()
  return new Set(rows.map((row) => row.email.toLowerCase()))
}

/** Where each of `emails` stands for the organization: a member's, or the answer of an outside one (pending until then). */
export async function emailStates(db: AnyDb | Db, organizationId: string, emails: readonly string[]): Promise<Map<string, AlertEmailState>> {
  const unique = [...new Set(emails)]
  const members = await memberEmails(db, organizationId, unique)
  const outside = unique.filter((email) => !members.has(email))
  const rows = outside.length
    ? await (db as Db).selectFrom('alert_recipients').select(['email', 'state']).where('organization_id', '=', organizationId).where('email', 'in', outside).execute()
    : []
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
  const user = await (ctx.db as Db).selectFrom('users').select(['name', 'email']).where('id', '=', actor.id).executeTakeFirst()
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
  const db = ctx.db as Db
  const requestedBy = await askerOf(ctx)
  const expiresAt = new Date(Date.parse(ctx.now) + ALERT_LIMITS.confirmDays * DAY_MS).toISOString()
  const asks: Request[] = []
  for (const email of outside) {
    const token = newSecret()
    const fresh = { token_hash: hashSecret(token), expires_at: expiresAt, language, requested_by: requestedBy, requested_at: ctx.now }
    const inserted = await db
      .insertInto('alert_recipients')
      .values({ id: randomUUID(), organization_id: organizationId, email, state: 'pending', answered_at: null, created_at: ctx.now, ...fresh })
      .onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing())
      .returning('id')
      .execute()
    const renewed = inserted.length
      ? inserted
      : await db
          .updateTable('alert_recipients')
          .set(fresh)
          .where('organization_id', '=', organizationId)
          .where('email', '=', email)
          .where('state', '=', 'pending')
          .where('expires_at', '<=', ctx.now)
          .returning('id')
          .execute()
    if (renewed.length) asks.push({ email, token })
  }
  if (!asks.length) return
  const limit = ALERT_LIMITS.confirmationsPerDay
  if (!(await take(db, organizationId, 'requests', asks.length, limit, new Date(ctx.now)))) {
    const window = await windowOf(db, organizationId, 'requests', new Date(ctx.now))
    const wait = window ? Math.max(1, Math.ceil((Date.parse(window.endsAt) - Date.parse(ctx.now)) / 1000)) : 60
    throw new Problem('tooMany', message('alertRequestsLimit', { limit, hours: Math.ceil(wait / 3600) }), undefined, { retryAfterS: wait })
  }
  const organization = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()
  const { services, linkOrigin } = ctx
  const batch = { organization: organization?.name ?? '', requestedBy, language, origin: linkOrigin }
  ctx.later(() => services.background.run(() => sendRequests(services, batch, asks)))
}
