import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Tunnels that carry traffic: a tunnel is HTTP or TCP and names the host its device's agent
 * connects to; the agents linked to a process; the passes that let a member's browser into an HTTP
 * tunnel (kept as hashes); each tunnel's request log; the bytes tunnels carried, by hour.
 * Tunnels of the earlier kinds become their nearest: `https` is served as `http`, `udp` as `tcp`.
 */
export const tunnelTraffic: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table tunnels add column target_host text not null default '127.0.0.1'`.execute(db)
    await sql`update tunnels set protocol = 'http' where protocol = 'https'`.execute(db)
    await sql`update tunnels set protocol = 'tcp' where protocol = 'udp'`.execute(db)
    await sql`update tunnels set public_endpoint = case when protocol = 'http' then '/t/' || id || '/' else 'tcp:' || id end`.execute(db)
    await db.schema
      .createTable('device_links')
      .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('process_id', 'text', (c) => c.notNull())
      .addColumn('linked_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('device_links_process').on('device_links').column('process_id').execute()
    await db.schema
      .createTable('tunnel_passes')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('tunnel_id', 'text', (c) => c.notNull().references('tunnels.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      // A ticket's: when the cookie pass it becomes must end at the latest (the session's end).
      .addColumn('pass_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('tunnel_passes_expiry').on('tunnel_passes').column('expires_at').execute()
    await db.schema.createIndex('tunnel_passes_user').on('tunnel_passes').columns(['user_id', 'tunnel_id']).execute()
    await db.schema
      .createTable('tunnel_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('tunnel_id', 'text', (c) => c.notNull().references('tunnels.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_out', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    // The inspector reads a tunnel's newest first; the sweep drops the oldest past the kept count.
    await db.schema.createIndex('tunnel_requests_tunnel').on('tunnel_requests').columns(['tunnel_id', 'id']).execute()
    await db.schema.createIndex('tunnel_requests_at').on('tunnel_requests').column('at').execute()
    // Kept when the tunnel goes: its bytes still count toward the month's traffic.
    await db.schema
      .createTable('tunnel_traffic')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('tunnel_id', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('bytes_in', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_out', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('tunnel_traffic_key', ['tunnel_id', 'hour'])
      .execute()
    await db.schema.createIndex('tunnel_traffic_organization').on('tunnel_traffic').columns(['organization_id', 'hour']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tunnel_traffic').execute()
    await db.schema.dropTable('tunnel_requests').execute()
    await db.schema.dropTable('tunnel_passes').execute()
    await db.schema.dropTable('device_links').execute()
    await sql`alter table tunnels drop column target_host`.execute(db)
  },
}
