import type { Db } from './open'
import type { IdempotencyKeyRow } from './schema'

/** How long a write's answer is kept for a repeat with the same key; the sweeper deletes it after. */
export const IDEMPOTENCY_KEPT_MS = 24 * 3600_000

/** Makes a key's row, running (no answer yet), unless one of that id exists; answers whether it was made. */
export async function insertIdempotencyKey(db: Db, row: Pick<IdempotencyKeyRow, 'id' | 'fingerprint' | 'holder' | 'created_at'>): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...row, status: null, answer: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/** The key's row, if any. */
export const idempotencyKeyRow = (db: Db, id: string): Promise<IdempotencyKeyRow | undefined> =>
  db.selectFrom('idempotency_keys').selectAll().where('id', '=', id).executeTakeFirst()

/** Deletes the key's row as `holder` holds it; with `running`, only while it has no answer yet. */
export async function deleteIdempotencyKey(db: Db, id: string, holder: string, running = false): Promise<void> {
  let query = db.deleteFrom('idempotency_keys').where('id', '=', id).where('holder', '=', holder)
  if (running) query = query.where('status', 'is', null)
  await query.execute()
}

/** Keeps the answer of the key `holder` holds. */
export async function keepIdempotentAnswer(db: Db, id: string, holder: string, status: number, answer: Uint8Array): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status, answer }).where('id', '=', id).where('holder', '=', holder).execute()
}

/** Deletes the keys whose 24 hours are over. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()
  await db.deleteFrom('idempotency_keys').where('created_at', '<=', before).execute()
}
