import { type Kysely, type Migration } from 'kysely'

/**
 * The waiting deliveries by webhook, then by when they are due: the delivery queue finds the
 * webhooks with tries due by skipping from one webhook to the next, and takes the first due tries
 * of each, without reading a flooded webhook's whole backlog.
 */
export const webhookDueIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('webhook_deliveries_webhook_due').on('webhook_deliveries').columns(['state', 'webhook_id', 'next_try_at']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('webhook_deliveries_webhook_due').execute()
  },
}
