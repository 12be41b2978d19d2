import type { Kysely, Migration } from 'kysely'

/**
 * What an access key makes ends with it: a key or an app id made with a key names that key in
 * `made_by_key`, and stops working once that key, or any key up the chain that made it, is revoked
 * or expired. Null for what a person made.
 */
export const madeByKey: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['access_keys', 'app_ids']) {
      await db.schema.alterTable(table).addColumn('made_by_key', 'text').execute()
      // Revoking a key finds what it made.
      await db.schema.createIndex(`${table}_made_by_key`).on(table).column('made_by_key').execute()
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['access_keys', 'app_ids']) {
      await db.schema.dropIndex(`${table}_made_by_key`).execute()
      await db.schema.alterTable(table).dropColumn('made_by_key').execute()
    }
  },
}
