import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Sessions that end: each token has an absolute end and an idle end, pushed on by its use. Tokens issued before carried neither, so they end now. Attempts are counted per key in
 * `throttles`, one row a key, which replaces the per-address `login_attempts`.
 */
export const sessionsAndThrottles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tokens').addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('tokens').addColumn('idle_until', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('tokens').addColumn('expires_at', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('tokens').addColumn('idle_seconds', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('tokens').addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await sql`update tokens set last_used_at = created_at, idle_until = created_at, expires_at = created_at`.execute(db)
    await db.schema.createIndex('tokens_expires_at').on('tokens').column('expires_at').execute()

    await db.schema
      .createTable('throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('throttles_window_start').on('throttles').column('window_start').execute()
    await db.schema.dropTable('login_attempts').execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.dropTable('throttles').execute()
    await db.schema.dropIndex('tokens_expires_at').execute()
    for (const column of ['remember', 'idle_seconds', 'expires_at', 'idle_until', 'last_used_at']) {
      await db.schema.alterTable('tokens').dropColumn(column).execute()
    }
  },
}
