import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { Order } from '../../contract/collections'
import { databaseKind, type DatabaseKind } from './kind'
import type { AnyDb } from './open'

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
 * The trigram table's entries holding `text` in any search column, ignoring case, as a subquery of
 * one column `hit`: on SQLite a phrase of FTS5's trigram tokenizer (their rowids), on PostgreSQL
 * the same LIKE as any list, served by the table's GIN indexes (their ids).
 */
function trigramHits(trigrams: Trigrams, search: readonly string[], text: string, kind: DatabaseKind) {
  const table = sql.table(trigrams.table)
  return kind === 'sqlite'
    ? sql`select rowid as hit from ${table} where ${table} match ${`"${text.replace(/"/g, '""')}"`}`
    : sql`select id as hit from ${table} where ${sql.join(
        search.map((column) => containsText(column.replace(/^.*\./, ''), text)),
        sql` or `,
      )}`
}

/**
 * A term matching at most this many rows is looked up in the trigram table first; a commoner one
 * is found by walking the list in its order, which meets a page of matches soon.
 */
export const RARE_TERM_ROWS = 1000

/**
 * Whether at most RARE_TERM_ROWS entries (of every organization) hold a term, remembered a minute per process (the
 * pages of one search ask again and again). It picks a way to find the rows, never which rows: a
 * stale answer costs time, not correctness, whatever another process writes.
 */
const rarity = new Map<string, { rare: boolean; at: number }>()
const RARITY_KEPT_MS = 60_000

async function isRare(db: AnyDb, key: string, hits: ReturnType<typeof trigramHits>): Promise<boolean> {
  const known = rarity.get(key)
  if (known && Date.now() - known.at < RARITY_KEPT_MS) return known.rare
  const counted = await sql<{ n: unknown }>`select count(*) as n from (${hits} limit ${RARE_TERM_ROWS + 1}) as probe`.execute(db)
  const rare = Number(counted.rows[0]?.n) <= RARE_TERM_ROWS
  if (rarity.size >= 1000) rarity.clear()
  rarity.set(key, { rare, at: Date.now() })
  return rare
}

/** `query` narrowed to the rows holding `params.q` in any search column, by the quickest way the term allows. */
export async function searched<Row>(query: Select<Row>, params: ListParams, columns: ListColumns, db?: AnyDb): Promise<Select<Row>> {
  const kind = db ? databaseKind(db) : 'sqlite'
  if (!params.q) return query
  const { trigrams } = columns
  const hits = db && trigrams && (kind === 'postgres' || [...params.q].length >= 3) ? trigramHits(trigrams, columns.search, params.q, kind) : undefined
  // How many rows hold the term, counted no further than a rare term goes (a few index reads).
  const rare = hits && (await isRare(db!, `${trigrams!.table}\n${params.q}`, hits))
  // A join rather than `IN (…)`: the database reads the few entries first, where with a
  // condition SQLite walks the whole organization in the sort's order.
  return rare && trigrams
    ? query.innerJoin(sql`(${hits})`.as('trigram_hits'), (join) => join.onRef('trigram_hits.hit', '=', kind === 'sqlite' ? trigrams.rowid : trigrams.id))
    : query.where((eb) => eb.or(columns.search.map((column) => containsText(column, params.q))))
}

/** The column an export's batches carry the sort value under, to start the next batch after it. */
const SORT_VALUE = 'list_sort_value'

/**
 * Every row of the list `query` asks for, searched and in the list's order, `batch` rows a query:
 * each batch starts after the last row of the one before (its sort value, then its id), so memory
 * stays flat and no batch reads the rows before it, however long the list. Rows written meanwhile
 * may or may not be met; none is met twice.
 */
export async function* listBatches<Row>(query: Select<Row>, params: ListParams, columns: ListColumns, db: AnyDb, batch = 1000): AsyncGenerator<Row[]> {
  const found = await searched(query, params, columns, db)
  const column = columns.sort[params.sort]!
  // The sort value under one name, whatever table it comes from; a select alias (a computed
  // status) is read by its own name outside, as a select list cannot name its own aliases.
  const alias = !column.includes('.')
  const inner = alias ? found : found.select(sql.ref(column).as(SORT_VALUE))
  const valueName = alias ? column : SORT_VALUE
  const nullable = columns.nullable?.includes(params.sort) ?? false
  const asc = params.order === 'asc'
  const keyName = `s.${valueName}`
  const key = sql.ref(keyName)
  const id = sql.ref('s.id')
  let last: { value: unknown; id: unknown } | undefined
  for (;;) {
    let page = db.selectFrom(inner.as('s')).selectAll('s')
    if (last) {
      const after = last
      page = page.where((eb) => {
        // A row comparison, `(key, id) > (value, id)`: both databases read it as a range of the
        // (organization, key, id) index, so each batch starts where the last ended, not at the top.
        const beyond = eb(eb.refTuple(keyName as never, 's.id' as never), asc ? '>' : '<', eb.tuple(after.value as never, after.id as never))
        if (!nullable) return beyond
        // Empty values come first ascending and last descending, as on the list's pages.
        if (after.value === null) {
          const emptyTie = eb.and([eb(key, 'is', null), asc ? eb(id, '>', after.id) : eb(id, '<', after.id)])
          return asc ? eb.or([emptyTie, eb(key, 'is not', null)]) : emptyTie
        }
        return asc ? beyond : eb.or([beyond, eb(key, 'is', null)])
      })
    }
    const rows = (await page
      .orderBy(key, nullable ? (ob) => (asc ? ob.asc().nullsFirst() : ob.desc().nullsLast()) : params.order)
      .orderBy(id, params.order)
      .limit(batch)
      .execute()) as (Row & Record<string, unknown>)[]
    if (!rows.length) return
    yield rows
    if (rows.length < batch) return
    const end = rows[rows.length - 1]!
    last = { value: end[valueName] ?? null, id: end.id }
  }
}

/**
 * One page of `query` (its selection and conditions made): rows holding `params.q` in any search
 * column, the total of all pages, ordered by the sort key then the id, `perPage` rows from `page`.
 * `db` serves the trigram table's lookups, where the list has one.
 */
export async function listPage<Row>(
  query: Select<Row>,
  params: ListParams,
  columns: ListColumns,
  totalOf: TotalOf = (count) => count(),
  db?: AnyDb,
): Promise<ListPage<Row>> {
  const found = await searched(query, params, columns, db)
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
