import type { ExpressionBuilder } from 'kysely'
import { VIEW_COLLECTIONS } from '../../contract/views'
import type { AnyDb } from './open'
import type { AnySelect, ListShape } from './records'

/** How the list of saved views is searched, sorted and filtered. */
export const VIEW_LIST: ListShape = {
  search: ['t.name'],
  sort: { name: 't.name', created_at: 't.created_at', updated_at: 't.updated_at' },
  defaultSort: { sort: 'name', order: 'asc' },
  filters: {
    collection: { column: 't.collection', values: VIEW_COLLECTIONS },
    pinned: { values: ['true', 'false'], where: (eb, values) => eb('t.pinned', 'in', values.map((value) => (value === 'true' ? 1 : 0))) },
    shared: { values: ['true', 'false'], where: (eb, values) => eb('t.shared', 'in', values.map((value) => (value === 'true' ? 1 : 0))) },
  },
}

/** The organization's saved views with their owner's name, the table aliased `t`. */
export const viewsOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('views as t')
    .leftJoin('users as o', 'o.id', 't.owner_id')
    .selectAll('t')
    .select('o.name as owner_name')
    .where('t.organization_id', '=', organizationId)

/** `query` narrowed to views of `lists` that `userId` saved or that are shared. */
export const viewsSeenBy = (query: AnySelect, userId: string, lists: readonly string[]): AnySelect =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query.where((eb: ExpressionBuilder<any, any>) => eb.and([lists.length ? eb('t.collection', 'in', lists) : eb.lit(false), eb.or([eb('t.owner_id', '=', userId), eb('t.shared', '=', 1)])]))

/** How many views of `collection` a member keeps in the organization. */
export async function viewsKept(db: AnyDb, organizationId: string, ownerId: string, collection: string): Promise<number> {
  const kept = await db
    .selectFrom('views')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('organization_id', '=', organizationId)
    .where('owner_id', '=', ownerId)
    .where('collection', '=', collection)
    .executeTakeFirst()
  return Number(kept?.count ?? 0)
}
