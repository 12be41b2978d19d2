import { sql, type Kysely, type Migration } from 'kysely'

/**
 * A device can be disabled: it stays listed with its tags, tunnels and history, but its heartbeats
 * are refused, so it stays offline until it is enabled again. Every device is enabled to begin
 * with. The index serves the list's filter of the disabled (or the enabled) devices.
 */
export const deviceEnabled: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table devices add column enabled integer not null default 1`.execute(db)
    await db.schema.createIndex('devices_organization_enabled').on('devices').columns(['organization_id', 'enabled', 'id']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('devices_organization_enabled').execute()
    await sql`alter table devices drop column enabled`.execute(db)
  },
}
