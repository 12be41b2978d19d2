import { sql } from 'kysely'
import type { AnyDb, Db } from './open'
import { filterContext, filtered, type AnySelect, type ListShape } from './records'
import { searched, type ListParams } from './list'
import type { BulkItemRow, BulkJobRow } from './schema'
import { inTransaction } from './transaction'

const count = (row: unknown) => Number((row as { n?: unknown } | undefined)?.n ?? 0)

/** The names of the organization's rows of `table` (roles, devices) among `ids`. */
export const namesOf = (db: AnyDb, table: 'roles' | 'devices', organizationId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> =>
  db.selectFrom(table).select(['id', 'name']).where('organization_id', '=', organizationId).where('id', 'in', ids).execute()

/** The rights of the organization's roles `ids`, as stored. */
export const rightsOfRoles = (db: AnyDb, organizationId: string, ids: readonly string[]): Promise<{ rights: string }[]> =>
  db.selectFrom('roles').select('rights').where('organization_id', '=', organizationId).where('id', 'in', ids).execute()

/** `query` narrowed to the records of `ids`. */
export const withIds = (query: AnySelect, idColumn: string, ids: readonly string[]): AnySelect => query.where(idColumn, 'in', ids)

/** `query` narrowed as its list reads it: the filters and the search of `list`. */
export const asListed = (db: AnyDb, query: AnySelect, shape: ListShape, list: ListParams & { filters: Record<string, string[]> }, now: string, organizationId: string): Promise<AnySelect> =>
  searched(filtered(query, shape, list, filterContext(db, now, organizationId)), list, { ...shape, id: 't.id' }, db)

/** How many rows `query` finds. */
export const countOf = async (query: AnySelect): Promise<number> => count(await query.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())

/** What a preview freezes: the job's row, and the query of its records with the column of their ids and names. */
export interface FrozenSelection {
  job: Omit<BulkJobRow, 'done' | 'changed' | 'skipped' | 'started_at' | 'finished_at' | 'audit_id' | 'undone_at'>
  query: AnySelect
  idColumn: string
  /** Members are named by their address when they gave no name; other records by their name. */
  namedBy: 'member' | 'name'
  /** At most this many items are copied. */
  limit: number
}

/**
 * Writes a previewed job and copies the ids of the records `query` finds as its items, in one
 * statement, in the transaction `work` then runs in (to count, check and complete the job).
 */
export function freezeSelection<T>(db: AnyDb, frozen: FrozenSelection, work: (trx: AnyDb, count: number) => Promise<T>): Promise<T> {
  const { job, query, idColumn, limit } = frozen
  const name = frozen.namedBy === 'member' ? sql<string>`coalesce(nullif(named.name, ''), u.email)` : sql<string>`t.name`
  return inTransaction(db, async (trx) => {
    await trx.insertInto('bulk_jobs').values(job).execute()
    await trx
      .insertInto('bulk_items')
      .columns(['job_id', 'record_id', 'name'])
      .expression(
        query
          .clearSelect()
          .select([sql<string>`cast(${job.id} as text)`.as('job_id'), sql.ref(idColumn).as('record_id'), name.as('name')])
          .limit(limit),
      )
      .execute()
    const inserted = await trx.selectFrom('bulk_items').select((eb) => eb.fn.countAll().as('n')).where('job_id', '=', job.id).executeTakeFirst()
    return work(trx, count(inserted))
  })
}

/** The record ids of a job's items, as a subquery. */
export const itemIdsOf = (db: AnyDb, jobId: string) => db.selectFrom('bulk_items').select('record_id').where('job_id', '=', jobId)

/** Sets a job's count of records and its blast radius (JSON). */
export async function setJobCount(db: AnyDb, jobId: string, count: number, blast: string | null): Promise<void> {
  await db.updateTable('bulk_jobs').set({ count, blast }).where('id', '=', jobId).execute()
}

/** The organization's job `id`. */
export const jobOf = (db: Db, organizationId: string, id: string): Promise<BulkJobRow | undefined> =>
  db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()

/** The first `limit` records a job skipped, by id. */
export const skippedItems = (db: Db, jobId: string, limit: number) =>
  db.selectFrom('bulk_items').select(['record_id', 'name', 'reason']).where('job_id', '=', jobId).where('outcome', '=', 'skipped').orderBy('record_id').limit(limit).execute()

/** A page of the records a job went through, by id. */
export const doneItems = (db: Db, jobId: string, page: number, perPage: number) =>
  db
    .selectFrom('bulk_items')
    .select(['record_id', 'name', 'outcome', 'reason'])
    .where('job_id', '=', jobId)
    .where('outcome', '!=', 'pending')
    .orderBy('record_id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()

/** The next `limit` items of a job with `outcome`, by id. */
export const itemsWith = (db: Db, jobId: string, outcome: 'pending' | 'changed', limit: number) =>
  db
    .selectFrom('bulk_items')
    .select(['record_id', 'name', 'before', 'after_version'])
    .where('job_id', '=', jobId)
    .where('outcome', '=', outcome)
    .orderBy('record_id')
    .limit(limit)
    .execute()

/** Moves a job from `from` to `to` with the columns `set`; false when it was not at `from` (another took it first). */
export async function moveJob(db: Db, jobId: string, from: 'previewed' | 'done', set: Partial<BulkJobRow>): Promise<boolean> {
  let query = db.updateTable('bulk_jobs').set(set).where('id', '=', jobId).where('status', '=', from)
  if (from === 'done') query = query.where('undone_at', 'is', null)
  const moved = await query.executeTakeFirst()
  return moved.numUpdatedRows !== 0n
}

/** Skips every pending item of a job with `reason`, counted in the job; how many. */
export async function skipPending(db: Db, jobId: string, reason: string): Promise<number> {
  const lost = await db.updateTable('bulk_items').set({ outcome: 'skipped', reason }).where('job_id', '=', jobId).where('outcome', '=', 'pending').executeTakeFirst()
  const n = Number(lost.numUpdatedRows)
  await db.updateTable('bulk_jobs').set({ done: sql`done + ${n}`, skipped: sql`skipped + ${n}` }).where('id', '=', jobId).execute()
  return n
}

/** Adds a batch's counts to its job. */
export async function countBatch(db: AnyDb, jobId: string, done: number, changed: number): Promise<void> {
  await db
    .updateTable('bulk_jobs')
    .set({ done: sql`done + ${done}`, changed: sql`changed + ${changed}`, skipped: sql`skipped + ${done - changed}` })
    .where('id', '=', jobId)
    .execute()
}

/** The outcomes of a batch's records, in one statement: each item's row is written over with what happened to it. */
export async function writeOutcomes(db: AnyDb, outcomes: BulkItemRow[]): Promise<void> {
  if (!outcomes.length) return
  await db
    .insertInto('bulk_items')
    .values(outcomes)
    .onConflict((conflict) =>
      conflict.columns(['job_id', 'record_id']).doUpdateSet((eb) => ({
        outcome: eb.ref('excluded.outcome'),
        reason: eb.ref('excluded.reason'),
        before: eb.ref('excluded.before'),
        after_version: eb.ref('excluded.after_version'),
      })),
    )
    .execute()
}

/** A job's row as it is now. */
export const jobNow = (db: AnyDb, jobId: string): Promise<BulkJobRow> => db.selectFrom('bulk_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow() as Promise<BulkJobRow>

/** Writes a job's end: its status, when, and its audit entry. */
export async function endJob(db: AnyDb, jobId: string, set: Pick<BulkJobRow, 'status' | 'finished_at'> & { audit_id?: string }): Promise<void> {
  await db.updateTable('bulk_jobs').set(set).where('id', '=', jobId).execute()
}

/** Every job of a sweep's reach: previews expired at `at`, finished jobs made before `keptSince`, and runs started before `deadSince`. */
export async function pruneJobs(db: Db, at: string, deadSince: string, keptSince: string): Promise<void> {
  await db.updateTable('bulk_jobs').set({ status: 'failed', finished_at: at }).where('status', '=', 'running').where('started_at', '<', deadSince).execute()
  await db.deleteFrom('bulk_jobs').where('status', '=', 'previewed').where('expires_at', '<=', at).execute()
  await db.deleteFrom('bulk_jobs').where('status', '!=', 'previewed').where('status', '!=', 'running').where('created_at', '<', keptSince).execute()
}

/** How many rows of `table` the organization has. */
export async function rowsOf(db: AnyDb, table: 'devices' | 'tunnels', organizationId: string): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('organization_id', '=', organizationId).executeTakeFirst()
  return Number(row?.n ?? 0)
}
