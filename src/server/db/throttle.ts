import { sql } from 'kysely'
import type { Db } from './open'

/**
 * Counts one hit on `key` at `start` (ISO), restarting its window when the last one began at or
 * before `expired`; one statement, so parallel attempts cannot all read the same count before any
 * is written. Answers the hits of the window and when it began.
 */
export const hitThrottle = (db: Db, key: string, start: string, expired: string) =>
  db
    .insertInto('throttles')
    .values({ key, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when throttles.window_start <= ${expired} then 1 else throttles.hits + 1 end`,
        window_start: sql<string>`case when throttles.window_start <= ${expired} then ${start} else throttles.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow()

/** Gives one hit back to each of `keys`. */
export async function refundThrottles(db: Db, keys: string[]): Promise<void> {
  await db
    .updateTable('throttles')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('key', 'in', keys)
    .execute()
}

/** Deletes the counts whose window began at or before `ended` (ISO). */
export async function pruneThrottles(db: Db, ended: string): Promise<void> {
  await db.deleteFrom('throttles').where('window_start', '<=', ended).execute()
}
