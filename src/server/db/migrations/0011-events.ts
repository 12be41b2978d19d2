import type { Kysely, Migration } from 'kysely'

/**
 * The events of each organization as several processes on one PostgreSQL database share them:
 * `event_counters` hands out each organization's next event id (its row locked until the event's
 * transaction commits, so an organization's events commit in the order of their ids; `changes`
 * counts its record changes, so a process knows when a count it keeps is stale), `events`
 * keeps the recent ones for a reconnecting stream to catch up on, on whichever process it lands.
 * One process on SQLite keeps its events in memory and leaves both tables empty.
 */
export const events: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('event_counters')
      .addColumn('organization_id', 'text', (c) => c.primaryKey())
      .addColumn('last_id', 'bigint', (c) => c.notNull())
      .addColumn('changes', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('events')
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('id', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('events_organization_id', ['organization_id', 'id'])
      .execute()
    await db.schema.createIndex('events_at').on('events').column('at').execute()
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('until', 'text', (c) => c.notNull())
      .execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('leases').execute()
    await db.schema.dropTable('events').execute()
    await db.schema.dropTable('event_counters').execute()
  },
}
