import { sql, type Kysely, type Migration } from 'kysely'

/**
 * How a device joins: enrollment keys (one-off or reusable, expiring, presetting what their devices
 * get; one made with an access key ends with it, as `made_by_key` says) and a credential per device, both kept only as hashes behind a unique public prefix. A
 * credential goes with its device. A renewal notes `replaced_at` on the credential it replaces,
 * which works a grace period from then. A device names the key that enrolled it and whether it is
 * ephemeral (removed after a time away).
 */
export const enrollment: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('enrollment_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('max_uses', 'integer', (c) => c.notNull())
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('approve', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ephemeral', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_by', 'text')
      .addColumn('made_by_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.createIndex('enrollment_keys_organization').on('enrollment_keys').columns(['organization_id', 'created_at', 'id']).execute()
    await db.schema
      .createTable('device_credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('prefix', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('replaced_at', 'text')
      .execute()
    await db.schema.createIndex('device_credentials_device').on('device_credentials').columns(['device_id', 'created_at']).execute()
    await sql`alter table devices add column enrolled_by text`.execute(db)
    await sql`alter table devices add column ephemeral integer not null default 0`.execute(db)
    // The sweeper looks for silent ephemeral devices only.
    await db.schema.createIndex('devices_ephemeral').on('devices').columns(['ephemeral', 'last_seen']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('devices_ephemeral').execute()
    await sql`alter table devices drop column ephemeral`.execute(db)
    await sql`alter table devices drop column enrolled_by`.execute(db)
    await db.schema.dropTable('device_credentials').execute()
    await db.schema.dropTable('enrollment_keys').execute()
  },
}
