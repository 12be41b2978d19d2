import { sql } from 'kysely'
import type { Db } from './open'
import type { WebhookDeliveryRow } from './schema'

/** What a try wrote on its delivery. */
export type TryResult = Pick<WebhookDeliveryRow, 'state' | 'tries' | 'tried_at' | 'next_try_at' | 'status_code' | 'error' | 'duration_ms' | 'response'>

/** The organization's webhooks of `ids`: whether each is on. */
export const webhooksOnOff = (db: Db, organizationId: string, ids: string[]) =>
  db.selectFrom('webhooks').select(['id', 'enabled']).where('organization_id', '=', organizationId).where('id', 'in', ids).execute()

/** Adds a delivery unless its event is queued for its webhook already; answers whether it was added. */
export async function insertDelivery(db: Db, row: Omit<WebhookDeliveryRow, 'claimed_until' | 'tried_at' | 'status_code' | 'error' | 'duration_ms'>): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/** A delivery with what its try needs of its webhook. */
export const deliveryToTry = (db: Db, id: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.event_id', 'd.type', 'd.body', 'd.tries', 'd.webhook_id', 'd.organization_id', 'w.url', 'w.enabled', 'w.secret_sealed', 'w.name'])
    .where('d.id', '=', id)
    .executeTakeFirst()

/** Ends a delivery as failed without a try; `error` says why, when it does. */
export async function failUntried(db: Db, id: string, error?: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', next_try_at: null, claimed_until: null, ...(error ? { error } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Writes how a claimed delivery's try went. */
export async function recordTry(db: Db, id: string, result: TryResult): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...result, claimed_until: null })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .execute()
}

/** Writes a webhook's last delivery; a failure starts its failing time unless one runs. Answers its version. */
export async function recordLastDelivery(
  db: Db,
  webhookId: string,
  at: string,
  outcome: { ok: boolean; status_code: number | null; error: string | null },
): Promise<number | undefined> {
  const updated = await db
    .updateTable('webhooks')
    .set({
      last_delivery_at: at,
      last_delivery_ok: outcome.ok ? 1 : 0,
      last_status_code: outcome.status_code,
      last_error: outcome.error,
      failing_since: outcome.ok ? null : sql<string>`coalesce(failing_since, ${at})`,
    })
    .where('id', '=', webhookId)
    .returning('version')
    .executeTakeFirst()
  return updated ? Number(updated.version) : undefined
}

/** Gives back to the queue the claims that ran out before `at`. */
export async function releaseStaleClaims(db: Db, at: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ state: 'pending', claimed_until: null }).where('state', '=', 'sending').where('claimed_until', '<', at).execute()
}

/** Turns off a webhook failing since `since` or before, a new version; answers it, none when nothing changed. */
export const disableFailing = (db: Db, webhookId: string, since: string, at: string) =>
  db
    .updateTable('webhooks')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: at, version: sql`version + 1` })
    .where('id', '=', webhookId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', since)
    .returning(['name', 'url', 'failing_since', 'version'])
    .executeTakeFirst()

/** The organization's active members' addresses and their roles' rights (JSON). */
export const activeMembersRights = (db: Db, organizationId: string) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('members as mb', (join) => join.onRef('mb.user_id', '=', 'm.user_id').onRef('mb.organization_id', '=', 'm.organization_id'))
    .select(['u.email', 'r.rights'])
    .where('m.organization_id', '=', organizationId)
    .where('u.status', '=', 'active')
    .where('mb.status', '=', 'active')
    .execute()

/** The language of a rule of the organization calling webhook `webhookId`, if any calls it. */
export const languageOfRuleCalling = async (db: Db, organizationId: string, webhookId: string): Promise<string | undefined> =>
  (await db.selectFrom('alert_rules').select('language').where('organization_id', '=', organizationId).where('webhook_ids', 'like', `%"${webhookId}"%`).executeTakeFirst())?.language
