import type { Kysely, Migration } from 'kysely'

/**
 * Bulk jobs and the records each froze at its preview. `bulk_jobs` holds the action, its params,
 * the selection as asked and in words, where the run stands and who asked; `bulk_items` one row
 * per record of the set (the organization's ids at the preview, never more), with the record's
 * name for the trail, what the run did to it (`pending`, `changed`, `skipped`, then `restored` or
 * `left` by an undo), why it was skipped, the record as it was before the job (`before`, JSON:
 * enough to put it back, a deleted device's whole row and its tunnels) and the version the job
 * left (`after_version`), which an undo finds again only on a record nobody touched since.
 */
export const bulkJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bulk_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('selection', 'text', (c) => c.notNull())
      .addColumn('selection_label', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('blast', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('audit_id', 'text')
      .addColumn('undone_at', 'text')
      .execute()
    await db.schema.createIndex('bulk_jobs_organization').on('bulk_jobs').columns(['organization_id', 'created_at']).execute()
    await db.schema.createIndex('bulk_jobs_created').on('bulk_jobs').columns(['created_at']).execute()

    await db.schema
      .createTable('bulk_items')
      .addColumn('job_id', 'text', (c) => c.notNull().references('bulk_jobs.id').onDelete('cascade'))
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reason', 'text')
      .addColumn('before', 'text')
      .addColumn('after_version', 'integer')
      .addPrimaryKeyConstraint('bulk_items_pk', ['job_id', 'record_id'])
      .execute()
    await db.schema.createIndex('bulk_items_outcome').on('bulk_items').columns(['job_id', 'outcome', 'record_id']).execute()
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['bulk_items', 'bulk_jobs']) await db.schema.dropTable(table).execute()
  },
}
