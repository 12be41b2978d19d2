import type { Kysely, Migration } from 'kysely'

/**
 * Devices, their tunnels and heartbeats, and access keys. Every row names its organization, and
 * each list order has an index that starts with it, so page 1 of any sort reads a few rows.
 */
export const inventory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('serial', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('provisioning'))
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('firmware', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      // The tags as plain words for search, so a search never matches the JSON around them.
      .addColumn('tags_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_seen', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('devices_organization_serial', ['organization_id', 'serial'])
      .execute()
    for (const column of ['name', 'last_seen', 'created_at', 'model', 'location']) {
      await db.schema.createIndex(`devices_organization_${column}`).on('devices').columns(['organization_id', column, 'id']).execute()
    }
    await db.schema.createIndex('devices_organization_status').on('devices').columns(['organization_id', 'status', 'last_seen']).execute()
    await db.schema.createIndex('devices_status_last_seen').on('devices').columns(['status', 'last_seen']).execute()

    await db.schema
      .createTable('tunnels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('protocol', 'text', (c) => c.notNull())
      .addColumn('local_port', 'integer', (c) => c.notNull())
      .addColumn('public_endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['name', 'created_at', 'protocol', 'local_port']) {
      await db.schema.createIndex(`tunnels_organization_${column}`).on('tunnels').columns(['organization_id', column, 'id']).execute()
    }
    await db.schema.createIndex('tunnels_device').on('tunnels').column('device_id').execute()

    await db.schema
      .createTable('access_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['name', 'created_at', 'expires_at', 'last_used_at']) {
      await db.schema.createIndex(`access_keys_organization_${column}`).on('access_keys').columns(['organization_id', column, 'id']).execute()
    }

    // `double precision` and `bigint` are what PostgreSQL needs for 8-byte numbers; SQLite reads
    // them as it read the `real` and `integer` written here before, so databases made then match.
    await db.schema
      .createTable('heartbeats')
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('latency_ms', 'double precision', (c) => c.notNull())
      .addColumn('bytes_in', 'bigint', (c) => c.notNull())
      .addColumn('bytes_out', 'bigint', (c) => c.notNull())
      .addColumn('cpu', 'double precision', (c) => c.notNull())
      .addColumn('memory', 'double precision', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('heartbeats_device_at').on('heartbeats').columns(['device_id', 'at']).execute()
    await db.schema.createIndex('heartbeats_organization_at').on('heartbeats').columns(['organization_id', 'at']).execute()
    await db.schema.createIndex('heartbeats_at').on('heartbeats').column('at').execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['heartbeats', 'access_keys', 'tunnels', 'devices']) await db.schema.dropTable(table).execute()
  },
}
