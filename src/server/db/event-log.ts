import { sql } from 'kysely'
import { MAX_PAYLOAD, notify } from './notify'
import type { Db } from './open'

/** An event as the log keeps it: its id within its organization, its type and its data as JSON. */
export interface LoggedEvent {
  id: number
  type: string
  data: string
}

/** What one process tells the others: an organization's new event, or a handle whose streams end. */
export type Notice = { organizationId: string; event: LoggedEvent | { id: number } } | { disconnect: string }

/**
 * Gives the organization's next event id to `type` and `data`, keeps the event and tells every
 * process, in one transaction. The counter row stays locked until it commits, so an organization's
 * events commit, and reach listeners, in the order of their ids. An event too long for a
 * notification is told by its id alone, and read from the log by those who need it.
 */
export async function appendEvent(db: Db, organizationId: string, type: string, data: string, at: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { last_id: id } = await trx
      .insertInto('event_counters')
      // The first id is the time in µs, as the hub of one process starts: no id a client kept from
      // before (another store, another process's memory) is taken for one of these.
      .values({ organization_id: organizationId, last_id: at.getTime() * 1000, changes: type === 'change' ? 1 : 0 })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet({
          last_id: sql`event_counters.last_id + 1`,
          changes: type === 'change' ? sql`event_counters.changes + 1` : sql`event_counters.changes`,
        }),
      )
      .returning('last_id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('events').values({ organization_id: organizationId, id, type, data, at: at.toISOString() }).execute()
    const whole = JSON.stringify({ organizationId, event: { id, type, data } } satisfies Notice)
    await notify(trx, whole.length <= MAX_PAYLOAD ? whole : JSON.stringify({ organizationId, event: { id } } satisfies Notice))
    return Number(id)
  })
}

/** How many record changes the organization has had (0 before its first). */
export async function changesOf(db: Db, organizationId: string): Promise<number> {
  const row = await db.selectFrom('event_counters').select('changes').where('organization_id', '=', organizationId).executeTakeFirst()
  return Number(row?.changes ?? 0)
}

/** Tells every process to end the streams of `handle`. */
export async function noticeDisconnect(db: Db, handle: string): Promise<void> {
  await notify(db, JSON.stringify({ disconnect: handle } satisfies Notice))
}

/**
 * The organization's events after `lastId`, oldest first, at most `limit`; undefined when some of
 * them are no longer kept (or `lastId` was never handed out), and the client must reload.
 */
export async function eventsAfter(db: Db, organizationId: string, lastId: number, limit: number): Promise<LoggedEvent[] | undefined> {
  const counter = await db.selectFrom('event_counters').select('last_id').where('organization_id', '=', organizationId).executeTakeFirst()
  const last = Number(counter?.last_id ?? 0)
  if (lastId > last || lastId < 0) return undefined
  const rows = await db
    .selectFrom('events')
    .select(['id', 'type', 'data'])
    .where('organization_id', '=', organizationId)
    .where('id', '>', lastId)
    .orderBy('id')
    .limit(limit + 1)
    .execute()
  if (rows.length > limit) return undefined
  if (lastId < last && Number(rows[0]?.id) !== lastId + 1) return undefined
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** Deletes the events older than `before`; the sweeper runs it. */
export async function pruneEvents(db: Db, before: string): Promise<void> {
  await db.deleteFrom('events').where('at', '<', before).execute()
}
