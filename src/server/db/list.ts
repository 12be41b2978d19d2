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
   * SQLite's trigram table over the search columns (FTS5, its rowids those of the listed table's
   * `rowid` column), which finds a term of three characters or more without reading every row.
   * PostgreSQL's trigram indexes serve the search columns themselves.
   */
  trigrams?: { table: string; rowid: string }
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
 * Keeps the rows of `query` whose trigram entry holds `text` in any column, ignoring case (a phrase
 * of FTS5's trigram tokenizer). A join rather than a condition: SQLite then reads the few matching
 * rowids first, where with `rowid IN (…)` it walks the whole organization in the sort's order.
 */
function joinTrigrams<Row>(query: Select<Row>, trigrams: { table: string; rowid: string }, text: string): Select<Row> {
  const phrase = `"${text.replace(/"/g, '""')}"`
  const table = sql.table(trigrams.table)
  const hits = sql<{ hit: number }>`(select rowid as hit from ${table} where ${table} match ${phrase})`.as('trigram_hits')
  return query.innerJoin(hits, (join) => join.onRef('trigram_hits.hit', '=', trigrams.rowid))
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
    : kind === 'sqlite' && columns.trigrams && [...params.q].length >= 3
      ? joinTrigrams(query, columns.trigrams, params.q)
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
