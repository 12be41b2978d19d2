import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely'
import { databaseKind } from '../kind'

const METRICS = ['latency_ms', 'bytes_in', 'bytes_out', 'cpu', 'memory'] as const
const INDEXES = [
  ['heartbeats_device_at', ['device_id', 'at']],
  ['heartbeats_organization_at', ['organization_id', 'at']],
  ['heartbeats_at', ['at']],
] as const

/**
 * A heartbeat carries what the device has: each metric may be missing (null), and the device
 * reports its operating system. The rollups count, per bucket, the beats that lacked bytes in or
 * out, so a bucket where none carried them reads as no reading rather than zero (latency's
 * histogram counts only the beats that carried one). SQLite cannot drop a NOT NULL, so there the
 * heartbeats' table is built again with its indexes; all in one transaction on either database.
 */
export const optionalReadings: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = databaseKind(db) === 'postgres'
    await atomically(db, async () => {
      await sql`alter table devices add column os text not null default ''`.execute(db)
      await sql`alter table metric_rollups add column bytes_in_missing bigint not null default 0`.execute(db)
      await sql`alter table metric_rollups add column bytes_out_missing bigint not null default 0`.execute(db)
      if (postgres) for (const column of METRICS) await sql`alter table heartbeats alter column ${sql.ref(column)} drop not null`.execute(db)
      else await rebuildHeartbeats(db, (c) => c)
    })
  },

  async down(db: Kysely<unknown>) {
    const postgres = databaseKind(db) === 'postgres'
    await atomically(db, async () => {
      if (postgres) {
        for (const column of METRICS) await sql`update heartbeats set ${sql.ref(column)} = 0 where ${sql.ref(column)} is null`.execute(db)
        for (const column of METRICS) await sql`alter table heartbeats alter column ${sql.ref(column)} set not null`.execute(db)
      } else await rebuildHeartbeats(db, (c) => c.notNull())
      await sql`alter table metric_rollups drop column bytes_out_missing`.execute(db)
      await sql`alter table metric_rollups drop column bytes_in_missing`.execute(db)
      await sql`alter table devices drop column os`.execute(db)
    })
  },
}

/** PostgreSQL runs each migration in a transaction already; SQLite's migrations run bare, so this one opens its own. */
async function atomically(db: Kysely<unknown>, work: () => Promise<void>) {
  if (databaseKind(db) === 'postgres') return work()
  await sql`begin immediate`.execute(db)
  try {
    await work()
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  }
}

/** SQLite: the heartbeats copied into a table whose metric columns are as `metric` makes them, indexes and all. */
async function rebuildHeartbeats(db: Kysely<unknown>, metric: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) {
  await db.schema
    .createTable('heartbeats_next')
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('latency_ms', 'double precision', metric)
    .addColumn('bytes_in', 'bigint', metric)
    .addColumn('bytes_out', 'bigint', metric)
    .addColumn('cpu', 'double precision', metric)
    .addColumn('memory', 'double precision', metric)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('online'))
    .execute()
  const columns = ['device_id', 'organization_id', 'at', ...METRICS, 'status']
  const values = ['device_id', 'organization_id', 'at', ...METRICS.map((column) => `coalesce(${column}, 0)`), 'status']
  await sql`insert into heartbeats_next (${sql.raw(columns.join(', '))}) select ${sql.raw(values.join(', '))} from heartbeats`.execute(db)
  await sql`drop table heartbeats`.execute(db)
  await sql`alter table heartbeats_next rename to heartbeats`.execute(db)
  for (const [name, on] of INDEXES) await db.schema.createIndex(name).on('heartbeats').columns([...on]).execute()
}
