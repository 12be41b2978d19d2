import type { Kysely } from 'kysely'

/**
 * Runs `work` in one transaction of `db`, committed when it resolves and rolled back when it
 * throws; inside a transaction already, `work` joins it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function inTransaction<D extends Kysely<any>, T>(db: D, work: (trx: D) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx) => work(trx as unknown as D))
}
