import type { AnyDb, Db } from './open'
import type { AuditEventRow } from './schema'

/** Who may read the trail: the organization, the reader (their own view entries) and what they hold. */
export interface TrailReader {
  organizationId: string
  userId: string
  /** The collections whose entries may show. */
  visible: readonly string[]
  /** The actions a view's entries carry: shown only while the view is shared, or to its owner. */
  viewActions: readonly string[]
}

/** What narrows the trail: record, actor, action, and a range of ISO times (from included, to excluded). */
export interface TrailFilters {
  recordId?: string
  actorId?: string
  action?: string
  from?: string
  to?: string
}

/** Adds one row to the trail. */
export async function insertAuditEvent(db: AnyDb | Db, row: AuditEventRow): Promise<void> {
  await (db as Db).insertInto('audit_events').values(row).execute()
}

/** The names the trail gives a key, an app id and a user. */
export const accessKeyName = async (db: Db, id: string) => (await db.selectFrom('access_keys').select('name').where('id', '=', id).executeTakeFirst())?.name
export const appIdName = async (db: Db, id: string) => (await db.selectFrom('app_ids').select('name').where('id', '=', id).executeTakeFirst())?.name
export const userNames = (db: Db, id: string) => db.selectFrom('users').select(['name', 'email']).where('id', '=', id).executeTakeFirst()

/**
 * The organization's trail as `reader` may read it, for the list and the export alike: the
 * visible collections, and of a personal view's entries only its owner's. A view's entries are
 * filed under its list; they show to every holder of that right while the view is shared, and
 * once it is deleted only to who wrote them (its owner, or a key of theirs).
 */
function trailQuery(db: Db, reader: TrailReader, filters: TrailFilters) {
  const { organizationId, userId } = reader
  let query = db
    .selectFrom('audit_events')
    .where('audit_events.organization_id', '=', organizationId)
    .where('audit_events.collection', 'in', [...reader.visible])
    .where((eb) => {
      const view = () => eb.selectFrom('views').select('views.id').whereRef('views.id', '=', 'audit_events.record_id').where('views.organization_id', '=', organizationId)
      const myKeys = eb.selectFrom('access_keys').select('access_keys.id').where('access_keys.organization_id', '=', organizationId).where('access_keys.created_by', '=', userId)
      return eb.or([
        eb('audit_events.action', 'not in', [...reader.viewActions]),
        eb.exists(view().where((v) => v.or([v('views.shared', '=', 1), v('views.owner_id', '=', userId)]))),
        eb.and([
          eb.not(eb.exists(view())),
          eb.or([
            eb.and([eb('audit_events.actor_kind', '=', 'user'), eb('audit_events.actor_id', '=', userId)]),
            eb.and([eb('audit_events.actor_kind', '=', 'key'), eb('audit_events.actor_id', 'in', myKeys)]),
          ]),
        ]),
      ])
    })
  if (filters.recordId) query = query.where('record_id', '=', filters.recordId)
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId)
  if (filters.action) query = query.where('action', '=', filters.action)
  if (filters.from) query = query.where('at', '>=', filters.from)
  if (filters.to) query = query.where('at', '<', filters.to)
  return query
}

/** One page of the trail, newest first, and the total of all pages. */
export async function trailPage(db: Db, reader: TrailReader, filters: TrailFilters, page: number, perPage: number): Promise<{ rows: AuditEventRow[]; total: number }> {
  const query = trailQuery(db, reader, filters)
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const rows = await query
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()
  return { rows, total: Number(counted?.total ?? 0) }
}

/** Up to `limit` entries of the trail, newest first, from after the entry `after` (its time and id). */
export function trailAfter(db: Db, reader: TrailReader, filters: TrailFilters, after: { at: string; id: string } | undefined, limit: number): Promise<AuditEventRow[]> {
  let query = trailQuery(db, reader, filters).selectAll()
  if (after) query = query.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]))
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}
