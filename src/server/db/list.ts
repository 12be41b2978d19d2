import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { Order } from '../../contract/collections'
import type { DatabaseKind } from './kind'

// The helper serves every table alike; the rows keep the type of the query they came from.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Select<Row> = SelectQueryBuilder<any, any, Row>

/** What a list asks for, already checked: the search text, the sort key, and the page. */
export interface ListParams {
  q: string
  sort: string
  order: Order
  page: number
  perPage: number
}

/** What a list may be searched and sorted by. */
export interface ListColumns {
  /** The columns a search looks in. */
  search: readonly string[]
  /** Sort key -> the column (or select alias) it orders by. */
  sort: Record<string, string>
  /** The row's id, ordered by after the sort key so that rows it ties keep one order across pages. */
  id: string
  /** Sort keys whose column may be empty: empty ones come first in ascending order, last in descending, on every database. */
  nullable?: readonly string[]
  /**
   * The table of the search columns with a trigram index (`db/migrations/0012-device-search.ts`),
   * which finds a term without reading every row: on SQLite an FTS5 table whose rowids are those
   * of the listed table (`rowid`, for terms of three characters or more); on PostgreSQL a table
   * keyed by the listed table's `id`, holding each search column under its own name.
   */
  trigrams?: Trigrams
}

export interface Trigrams {
  table: string
  /** The listed table's rowid (SQLite). */
  rowid: string
  /** The listed table's id (PostgreSQL). */
  id: string
}

export interface ListPage<Row> {
  rows: Row[]
  /** Rows matching the search on every page together. */
  total: number
}

/** Counts the rows of the whole list; `count` does it, a caller may reuse a total it knows instead. */
export type TotalOf = (count: () => Promise<number>) => Promise<number>

/**
 * `column` contains `text`, ignoring case; `%`, `_` and `\` in `text` are taken literally. Both
 * sides are lowered, as LIKE heeds case on PostgreSQL (SQLite's ignores that of ASCII letters
 * only): the same rows match on both, and PostgreSQL's trigram index on `lower(column)` serves it.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`
}

/**
 * Keeps the rows of `query` whose entry in the trigram table holds `text` in any search column,
 * ignoring case. A join rather than a condition: the database reads the few matching entries
 * first, where with `IN (…)` SQLite walks the whole organization in the sort's order. SQLite
 * matches a phrase of FTS5's trigram tokenizer; PostgreSQL the same LIKE as any list, served by
 * the table's GIN indexes.
 */
function joinTrigrams<Row>(query: Select<Row>, trigrams: Trigrams, search: readonly string[], text: string, kind: DatabaseKind): Select<Row> {
  const table = sql.table(trigrams.table)
  const hits =
    kind === 'sqlite'
      ? sql<{ hit: unknown }>`(select rowid as hit from ${table} where ${table} match ${`"${text.replace(/"/g, '""')}"`})`
      : sql<{ hit: unknown }>`(select id as hit from ${table} where ${sql.join(
          search.map((column) => containsText(column.replace(/^.*\./, ''), text)),
          sql` or `,
        )})`
  return query.innerJoin(hits.as('trigram_hits'), (join) => join.onRef('trigram_hits.hit', '=', kind === 'sqlite' ? trigrams.rowid : trigrams.id))
}

/**
 * One page of `query` (its selection and conditions made): rows holding `params.q` in any search
 * column, the total of all pages, ordered by the sort key then the id, `perPage` rows from `page`.
 */
export async function listPage<Row>(
  query: Select<Row>,
  params: ListParams,
  columns: ListColumns,
  totalOf: TotalOf = (count) => count(),
  kind: DatabaseKind = 'sqlite',
): Promise<ListPage<Row>> {
  const found = !params.q
    ? query
    : columns.trigrams && (kind === 'postgres' || [...params.q].length >= 3)
      ? joinTrigrams(query, columns.trigrams, columns.search, params.q, kind)
      : query.where((eb) => eb.or(columns.search.map((column) => containsText(column, params.q))))
  const total = await totalOf(async () => {
    const counted = await found
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst()
    return Number((counted as { total?: unknown } | undefined)?.total ?? 0)
  })
  // SQLite sorts empty values first in ascending order, PostgreSQL last: said outright where a column can be empty.
  const empties = columns.nullable?.includes(params.sort)
  const rows = await found
    .orderBy(sql.ref(columns.sort[params.sort]!), empties ? (ob) => (params.order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()) : params.order)
    .orderBy(sql.ref(columns.id), params.order)
    .limit(params.perPage)
    .offset((params.page - 1) * params.perPage)
    .execute()
  return { rows, total }
}
