import type { Kysely, Migration } from 'kysely'
import { bytesType } from '../kind'

/**
 * The answers kept for writes sent with an `Idempotency-Key` (`http/idempotency.ts`), one row per
 * caller and key, found by a hash of both: the key itself is never stored, and the answer is kept
 * encrypted under a key derived from it, so a copy of the database reveals no secret an answer
 * showed once. `status` and `answer` stay null while the first request runs; `holder` tells which
 * request reserved the row. Rows go after 24 hours (`sweeper.ts`), found by `created_at`.
 * One table on SQLite and PostgreSQL alike: only the bytes' column type differs.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('answer', bytesType(db))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute()
  },
}
