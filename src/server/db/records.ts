import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { Order } from '../../contract/collections'
import type { FilterField } from '../../contract/list-filters'
import { databaseKind, type DatabaseKind } from './kind'
import type { Trigrams } from './list'
import type { AnyDb } from './open'

// The collections' records come from every table alike; each collection types its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>
type Row = Record<string, unknown>

/** What a filter's condition may need beyond its values. */
export interface FilterContext {
  /** ISO time of the request (a key expiring within days). */
  now: string
  kind: DatabaseKind
  /** The organization the list is of, for a filter that reads a table of its own (tags, scopes). */
  organizationId?: string
}

/** How the server applies one declared filter field (`contract/list-filters.ts`). */
export interface Filter {
  /** The column whose value is one of the filter's; unless `where` says otherwise. */
  column?: string
  /** The values it takes, for a list that declares no `fields`: anything else is 400. */
  values?: readonly string[]
  /** A condition other than `column IN values`, such as holding a related row (a user's role). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  where?: (eb: ExpressionBuilder<any, any>, values: readonly string[], ctx: FilterContext) => Expression<SqlBool>
}

/** How a collection's list is searched, sorted and filtered, in its query's columns. */
export interface ListShape {
  search: readonly string[]
  /** Sort key -> column (or expression alias) it orders by. */
  sort: Record<string, string>
  /** Sort keys whose column may be empty (a device never seen). */
  nullable?: readonly string[]
  /** SQLite's trigram table of the search columns, when the collection has one (`db/list.ts`). */
  trigrams?: Trigrams
  defaultSort: { sort: string; order: Order }
  /** The declared filter fields (`LIST_FILTERS`); without them, each filter is a field of its `values` or of any text. */
  fields?: readonly FilterField[]
  filters: Record<string, Filter>
}

/** The context filters of a list read by `db` are applied in. */
export const filterContext = (db: AnyDb, now: string, organizationId?: string): FilterContext => ({ now, kind: databaseKind(db), organizationId })

/** `query` narrowed to the rows each filter of `list` asks for: any value of a field, every field. */
export function filtered<Q extends AnySelect>(query: Q, shape: ListShape, list: { filters: Record<string, string[]> }, ctx: FilterContext): Q {
  let narrowed = query
  for (const [name, values] of Object.entries(list.filters)) {
    const filter = shape.filters[name]!
    narrowed = (filter.where ? narrowed.where((eb) => filter.where!(eb, values, ctx)) : narrowed.where(filter.column!, 'in', values)) as Q
  }
  return narrowed
}

/** A JSON list column's item table (`db/migrations/0020-list-items.ts`): its name and its columns. */
export interface ItemIndex {
  table: string
  record: string
  item: string
}

/**
 * The record holds any of `values` as a whole item of a JSON list (a device's tags, a key's
 * scopes), case and all: read from the list's item table (migration 0020, kept by triggers), by its
 * index on organization and item, so a rare tag is found without reading every row.
 */
export function holdsAny(items: ItemIndex, values: readonly string[], ctx: FilterContext): Expression<SqlBool> {
  const { table, record, item } = items
  const inOrganization = ctx.organizationId === undefined ? sql`` : sql` and organization_id = ${ctx.organizationId}`
  return sql<SqlBool>`t.id in (select ${sql.ref(record)} from ${sql.table(table)} where ${sql.ref(item)} in (${sql.join(values)})${inOrganization})`
}

/** The row of `query` (a collection's records, the table aliased `t`) whose `idColumn` is `id`. */
export function recordRow(query: AnySelect, idColumn: string, id: string): Promise<Row | undefined> {
  return query.where(`t.${idColumn}`, '=', id).executeTakeFirst() as Promise<Row | undefined>
}

/** Adds a record's row to `table`, at version 1. */
export async function insertRecord(db: AnyDb, table: string, values: Row, now: string): Promise<void> {
  await db
    .insertInto(table)
    .values({ ...values, created_at: now, updated_at: now, version: 1 })
    .execute()
}

/** Where a record's row is: its id (in `idColumn`), its organization, and the version it must still be at, if any. */
export interface RecordAt {
  table: string
  idColumn: string
  id: string
  organizationId: string
  version?: number
}

/** Writes `values` into a record's row and moves it to its next version; false when no row was at `at` (another edit won). */
export async function updateRecord(db: AnyDb, at: RecordAt, values: Row, now: string): Promise<boolean> {
  let query = db
    .updateTable(at.table)
    .set({ ...values, updated_at: now, version: sql`version + 1` })
    .where(at.idColumn, '=', at.id)
    .where('organization_id', '=', at.organizationId)
  if (at.version !== undefined) query = query.where('version', '=', at.version)
  const updated = await query.executeTakeFirst()
  return updated.numUpdatedRows !== 0n
}

/** Deletes a record's row. */
export async function deleteRecord(db: AnyDb, at: RecordAt): Promise<void> {
  await db.deleteFrom(at.table).where(at.idColumn, '=', at.id).where('organization_id', '=', at.organizationId).execute()
}
