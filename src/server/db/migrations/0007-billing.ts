import type { Kysely, Migration } from 'kysely'

/**
 * Billing: the invoices of past months (one per organization and month) and the card on record,
 * of which only the brand, last four digits, expiry and holder's name are kept. The plan itself is
 * `organizations.plan`.
 */
export const billing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Generating a month twice, even from two requests at once, leaves one invoice.
      .addUniqueConstraint('invoices_organization_period', ['organization_id', 'period'])
      .execute()

    await db.schema
      .createTable('payment_methods')
      .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['payment_methods', 'invoices']) await db.schema.dropTable(table).execute()
  },
}
