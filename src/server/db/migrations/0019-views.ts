import type { Kysely, Migration } from 'kysely'

/**
 * Saved views of the lists (a collection): a name, the list's question and columns as JSON, the
 * member who keeps it, and whether the organization shares it and the menu lists it. A list of
 * views reads the organization's rows of one list, the owner's and the shared ones, by name.
 */
export const views: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('views')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.createIndex('views_organization_collection').on('views').columns(['organization_id', 'collection', 'name', 'id']).execute()
    await db.schema.createIndex('views_owner').on('views').columns(['organization_id', 'owner_id']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('views').execute()
  },
}
