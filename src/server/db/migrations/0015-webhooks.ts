import { type Kysely, type Migration } from 'kysely'

/**
 * Webhooks (a collection) and their deliveries. A webhook's signing secret is kept sealed
 * (`secret_sealed`, AES-256-GCM under a key outside the database); its last try is kept on it for
 * the list. `webhook_deliveries` holds one row per event and webhook, unique on the pair, so an
 * event enqueued twice (a restart, a second evaluator) is sent once; a try is claimed by moving
 * the row from `pending` to `sending` with a conditional update before it is made. Alert rules
 * gain the webhooks they call, a JSON list of ids.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('failing_since', 'text')
      .addColumn('last_delivery_at', 'text')
      .addColumn('last_delivery_ok', 'integer')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['name', 'created_at']) {
      await db.schema.createIndex(`webhooks_organization_${column}`).on('webhooks').columns(['organization_id', column, 'id']).execute()
    }
    await db.schema.createIndex('webhooks_failing').on('webhooks').columns(['failing_since']).execute()

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_try_at', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('tried_at', 'text')
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer')
      .addColumn('response', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['webhook_id', 'event_id']).unique().execute()
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_try_at']).execute()
    await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['webhook_id', 'created_at', 'id']).execute()

    await db.schema.alterTable('alert_rules').addColumn('webhook_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('alert_rules').dropColumn('webhook_ids').execute()
    for (const table of ['webhook_deliveries', 'webhooks']) await db.schema.dropTable(table).execute()
  },
}
