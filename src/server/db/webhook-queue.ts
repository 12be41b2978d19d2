import { sql } from 'kysely'
import type { Db } from './open'

/**
 * The webhooks with a try due at `at`, with their organization, found by skipping from one webhook
 * to the next along the index of waiting deliveries: a few lookups a webhook, however long a
 * webhook's backlog.
 */
export async function webhooksDue(db: Db, at: string): Promise<{ webhook_id: string; organization_id: string }[]> {
  const found = await sql<{ webhook_id: string; organization_id: string }>`
      with recursive hooks(webhook_id) as (
        select (select min(webhook_id) from webhook_deliveries where state = 'pending')
        union all
        select (select min(d.webhook_id) from webhook_deliveries d where d.state = 'pending' and d.webhook_id > h.webhook_id)
        from hooks h where h.webhook_id is not null
      )
      select h.webhook_id, w.organization_id from hooks h join webhooks w on w.id = h.webhook_id
      where exists (select 1 from webhook_deliveries d where d.state = 'pending' and d.webhook_id = h.webhook_id and d.next_try_at <= ${at})`.execute(db)
  return found.rows
}

/** The first tries due at `at` of one webhook, oldest first: their ids. */
export async function firstDue(db: Db, webhookId: string, at: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('webhook_id', '=', webhookId)
    .where('next_try_at', '<=', at)
    .orderBy('next_try_at')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** Claims a due delivery until `until`; answers whether this caller got it. */
export async function claimDelivery(db: Db, id: string, at: string, until: string): Promise<boolean> {
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'sending', claimed_until: until })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('next_try_at', '<=', at)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}
