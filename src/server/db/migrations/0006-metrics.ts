import type { Kysely, Migration } from 'kysely'

/**
 * Rollups of the heartbeats for the network and traffic dashboards, so a 1 h, 24 h or 7 d answer
 * reads one row per point whatever the fleet's size:
 * - `metric_rollups`: per organization and bucket, at three grains (`step_seconds` 60, 300, 3600:
 *   one per dashboard range), the samples, the distinct devices online, bytes in and out, and a
 *   latency histogram (JSON array of counts, see `src/server/metrics/histogram.ts`);
 * - `device_traffic_hours`: per device and hour, its bytes, for the ten devices with most traffic;
 *   `last_online` (the last minute it reported online) lets the fold count each device once per
 *   bucket while it adds minutes to a bucket already begun;
 * - `metric_folds`: how far the heartbeats have been folded in.
 * Heartbeats now keep the status they reported, so only `online` ones count as online.
 */
export const metrics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('heartbeats')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('online'))
      .execute()

    await db.schema
      .createTable('metric_rollups')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('step_seconds', 'integer', (c) => c.notNull())
      // ISO start of the bucket.
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('samples', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('latency', 'text', (c) => c.notNull().defaultTo('[]'))
      .addPrimaryKeyConstraint('metric_rollups_pk', ['organization_id', 'step_seconds', 'bucket'])
      .execute()
    // For pruning each grain past its retention across organizations.
    await db.schema.createIndex('metric_rollups_step_bucket').on('metric_rollups').columns(['step_seconds', 'bucket']).execute()

    await db.schema
      .createTable('device_traffic_hours')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('samples', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_online', 'text')
      .addPrimaryKeyConstraint('device_traffic_hours_pk', ['organization_id', 'hour', 'device_id'])
      .execute()
    await db.schema.createIndex('device_traffic_hours_device').on('device_traffic_hours').column('device_id').execute()
    await db.schema.createIndex('device_traffic_hours_hour').on('device_traffic_hours').column('hour').execute()

    await db.schema
      .createTable('metric_folds')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('folded_until', 'text', (c) => c.notNull())
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['metric_folds', 'device_traffic_hours', 'metric_rollups']) await db.schema.dropTable(table).execute()
    await db.schema.alterTable('heartbeats').dropColumn('status').execute()
  },
}
