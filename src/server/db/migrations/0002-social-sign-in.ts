import type { Kysely, Migration } from 'kysely'

/** Social sign-in: provider accounts linked to users, pending provider flows, one-time codes. */
export const socialSignIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('identities')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
      .execute()
    await db.schema.createIndex('identities_user').on('identities').column('user_id').execute()

    await db.schema
      .createTable('oauth_states')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('state_hash', 'text', (c) => c.notNull().unique())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('next', 'text', (c) => c.notNull())
      .addColumn('browser_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute()

    await db.schema
      .createTable('oauth_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_account', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['oauth_codes', 'oauth_states', 'identities']) await db.schema.dropTable(table).execute()
  },
}
