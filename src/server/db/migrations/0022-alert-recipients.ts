import type { Kysely, Migration } from 'kysely'

/**
 * What keeps alert rules from being a mail relay. `alert_recipients`: per organization, each
 * outside address a rule named (not a member's), `pending` until it answers the one request it
 * was mailed (a single-use link of which only the hash is kept, expiring), then `confirmed` or
 * `refused`; one row per organization and address (a unique index, so two rules naming it at
 * once ask once). `alert_mail_windows`: per organization and kind (`alerts` an hour,
 * `requests` a day), what was sent in the current window, counted by conditional updates so
 * several processes share one count. `alert_mail_held`: alerts whose mail waits for the next
 * window, one row per rule, alert and kind, folded into one mail per rule when it comes.
 */
export const alertRecipients: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_recipients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('requested_by', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('alert_recipients_organization_email').on('alert_recipients').columns(['organization_id', 'email']).unique().execute()
    await db.schema.createIndex('alert_recipients_token').on('alert_recipients').column('token_hash').unique().execute()

    await db.schema
      .createTable('alert_mail_windows')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addColumn('held_at', 'text')
      .addPrimaryKeyConstraint('alert_mail_windows_pk', ['organization_id', 'kind'])
      .execute()

    await db.schema
      .createTable('alert_mail_held')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('rule_id', 'text', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
      .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('held_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_mail_held_pk', ['rule_id', 'alert_id', 'kind'])
      .execute()
    await db.schema.createIndex('alert_mail_held_organization').on('alert_mail_held').columns(['organization_id', 'held_at']).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['alert_mail_held', 'alert_mail_windows', 'alert_recipients']) await db.schema.dropTable(table).execute()
  },
}
