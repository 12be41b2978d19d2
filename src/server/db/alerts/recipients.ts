import type { AnyDb, Db } from '../open'
import type { AlertRecipientRow } from '../schema'

/** The addresses of the organization's active members (active accounts too), to narrow further. */
const activeMemberEmails = (db: AnyDb | Db, organizationId: string) =>
  (db as Db)
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('users.email')
    .where('members.organization_id', '=', organizationId)
    .where('members.status', '=', 'active')
    .where('users.status', '=', 'active')

/** The addresses of those of `userIds` who are active members of the organization. */
export async function emailsOfMembers(db: AnyDb | Db, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  const rows = await activeMemberEmails(db, organizationId).where('users.id', 'in', [...userIds]).execute()
  return rows.map((row) => row.email)
}

/** Those of `emails` that are addresses of active members of the organization, as kept. */
export async function memberEmailsAmong(db: AnyDb | Db, organizationId: string, emails: readonly string[]): Promise<string[]> {
  const rows = await activeMemberEmails(db, organizationId).where('users.email', 'in', [...emails]).execute()
  return rows.map((row) => row.email)
}

/** Where the organization's requests to `emails` stand: pending, confirmed or refused. */
export const requestStates = (db: AnyDb | Db, organizationId: string, emails: readonly string[]) =>
  (db as Db).selectFrom('alert_recipients').select(['email', 'state']).where('organization_id', '=', organizationId).where('email', 'in', [...emails]).execute()

/** A user's name and address. */
export const nameAndEmailOf = (db: AnyDb | Db, userId: string) => (db as Db).selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()

/** What a request's link carries and answers: its token's hash, its end, language, asker and time. */
export type RequestTerms = Pick<AlertRecipientRow, 'token_hash' | 'expires_at' | 'language' | 'requested_by' | 'requested_at'>

/** Keeps a new pending request, unless the organization has one for the address; answers whether it did. */
export async function insertRequest(db: AnyDb | Db, row: AlertRecipientRow): Promise<boolean> {
  const inserted = await (db as Db).insertInto('alert_recipients').values(row).onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing()).returning('id').execute()
  return inserted.length > 0
}

/** Asks the address anew when its request expired unanswered by `now`; answers whether it did. */
export async function renewExpiredRequest(db: AnyDb | Db, organizationId: string, email: string, terms: RequestTerms, now: string): Promise<boolean> {
  const renewed = await (db as Db)
    .updateTable('alert_recipients')
    .set(terms)
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .returning('id')
    .execute()
  return renewed.length > 0
}

/** The pending request whose token hashes to `tokenHash`, unexpired at `now`, with its organization's name. */
export const pendingRequest = (db: AnyDb | Db, tokenHash: string, now: string) =>
  (db as Db)
    .selectFrom('alert_recipients as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select(['r.id', 'r.email', 'r.language', 'r.requested_by', 'o.name as organization'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.state', '=', 'pending')
    .where('r.expires_at', '>', now)
    .executeTakeFirst()

/**
 * Answers the pending request `id` by its token's hash, once: of two answers at once, the one whose
 * update lands is kept. Answers whether this one was.
 */
export async function answerRequest(db: AnyDb | Db, id: string, tokenHash: string, state: 'confirmed' | 'refused', at: string): Promise<boolean> {
  const claimed = await (db as Db)
    .updateTable('alert_recipients')
    .set({ state, token_hash: null, expires_at: null, answered_at: at })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return claimed.numUpdatedRows !== 0n
}
