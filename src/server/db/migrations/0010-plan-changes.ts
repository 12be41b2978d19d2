import type { Kysely, Migration } from 'kysely'

/**
 * Every plan change of an organization with its time, so a month's invoice bills the plan in force
 * each day of it however the plan changes later. An organization with no change recorded has been
 * on `organizations.plan` all along; before its first change, on that change's `from_plan`.
 */
export const planChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('plan_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('from_plan', 'text', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('plan_changes_organization_at').on('plan_changes').columns(['organization_id', 'at']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('plan_changes').execute()
  },
}
