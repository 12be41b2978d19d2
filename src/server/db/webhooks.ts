import { sql } from 'kysely'
import type { AnyDb, Db } from './open'
import type { WebhookDeliveryRow } from './schema'

/** The columns a webhook's record reads: everything but its sealed secret. */
export const WEBHOOK_COLUMNS = [
  't.id',
  't.name',
  't.url',
  't.enabled',
  't.description',
  't.disabled_reason',
  't.failing_since',
  't.last_delivery_at',
  't.last_delivery_ok',
  't.last_status_code',
  't.last_error',
  't.created_at',
  't.updated_at',
  't.version',
] as const

/** The organization's webhooks, their record's columns, for a list. */
export const webhooksOf = (db: AnyDb | Db, organizationId: string) =>
  (db as Db).selectFrom('webhooks as t').select([...WEBHOOK_COLUMNS]).where('t.organization_id', '=', organizationId)

/** The organization's webhook `id`, its record's columns. */
export const webhookRow = (db: AnyDb | Db, organizationId: string, id: string): Promise<Record<string, unknown> | undefined> =>
  webhooksOf(db, organizationId).where('t.id', '=', id).executeTakeFirst()

/** Keeps a webhook's sealed secret; `at` set, a new version. */
export async function storeSealedSecret(db: AnyDb | Db, organizationId: string, id: string, sealed: string, at?: string): Promise<void> {
  let query = (db as Db).updateTable('webhooks').set({ secret_sealed: sealed })
  if (at) query = query.set({ updated_at: at, version: sql`version + 1` }).where('organization_id', '=', organizationId)
  await query.where('id', '=', id).execute()
}

/** The organization's rules calling webhook `id`: their id and webhook list (JSON). */
export const rulesCalling = (db: AnyDb | Db, organizationId: string, webhookId: string) =>
  (db as Db)
    .selectFrom('alert_rules')
    .select(['id', 'webhook_ids'])
    .where('organization_id', '=', organizationId)
    .where('webhook_ids', 'like', `%${JSON.stringify(webhookId)}%`)
    .execute()

/** Sets a rule's webhooks, a new version; answers the version, none when the rule is gone. */
export async function setRuleWebhooks(db: AnyDb | Db, organizationId: string, ruleId: string, webhookIds: string[], at: string): Promise<number | undefined> {
  const changed = await (db as Db)
    .updateTable('alert_rules')
    .set({ webhook_ids: JSON.stringify(webhookIds), updated_at: at, version: sql`version + 1` })
    .where('id', '=', ruleId)
    .where('organization_id', '=', organizationId)
    .returning('version')
    .executeTakeFirst()
  return changed ? Number(changed.version) : undefined
}

/** A page of a webhook's deliveries, newest first, and the total of all pages. */
export async function deliveriesPage(db: Db, organizationId: string, webhookId: string, page: number, perPage: number): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const query = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId).where('organization_id', '=', organizationId)
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()
  return { rows: rows as WebhookDeliveryRow[], total: Number(counted?.total ?? 0) }
}
