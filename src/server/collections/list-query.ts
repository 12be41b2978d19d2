import type { Context } from 'hono'
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { PER_PAGE_CHOICES, type Order } from '../../contract/collections'
import { filterParam, filterValue, MAX_FILTER_TEXT, MAX_FILTER_VALUES, takesMany, type FilterField } from '../../contract/list-filters'
import type { ListParams, ListPage, Trigrams } from '../db/list'
import type { DatabaseKind } from '../db/kind'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import type { JsonSchema } from '../../contract/json-schema'
import type { QueryParam } from '../openapi/registry'

/** What a filter's condition may need beyond its values. */
export interface FilterContext {
  /** ISO time of the request (a key expiring within days). */
  now: string
  kind: DatabaseKind
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

export interface ParsedList extends ListParams {
  /** Field -> the values asked for: any of them matches (OR), every field must (AND). */
  filters: Record<string, string[]>
}

const MAX_SEARCH = 200
const MAX_PAGE = 1_000_000

/** The list parameters of `c`, checked against what the collection declares; 400 with a message otherwise. */
export function parseList(c: Context, shape: ListShape): ParsedList {
  const bad = (text: string) => new ApiError(400, text)
  const q = (c.req.query('q') ?? '').trim()
  if (q.length > MAX_SEARCH) throw bad(message('badSearch', { max: MAX_SEARCH }))
  const sort = c.req.query('sort') || shape.defaultSort.sort
  if (!Object.hasOwn(shape.sort, sort)) throw bad(message('badSort', { sort: sort.slice(0, 40), allowed: Object.keys(shape.sort).join(', ') }))
  const orderText = c.req.query('order') || (c.req.query('sort') ? 'asc' : shape.defaultSort.order)
  if (orderText !== 'asc' && orderText !== 'desc') throw bad(message('badOrder'))
  const pageText = c.req.query('page') ?? '1'
  const page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : NaN
  if (!(page >= 1 && page <= MAX_PAGE)) throw bad(message('badPage'))
  const perPageText = c.req.query('per_page') ?? '25'
  const perPage = Number(perPageText)
  if (!/^\d{1,3}$/.test(perPageText) || !(PER_PAGE_CHOICES as readonly number[]).includes(perPage)) {
    throw bad(message('badPerPage', { allowed: PER_PAGE_CHOICES.join(', ') }))
  }
  const filters = parseFilters(c, shape)
  return { q, sort, order: orderText, page, perPage, filters }
}

/** The filter fields a list declares, or those of its own filters when it declares none. */
const filterFields = (shape: ListShape): readonly FilterField[] =>
  shape.fields ??
  Object.entries(shape.filters).map(([name, filter]): FilterField => (filter.values ? { name, kind: 'choice', values: filter.values } : { name, kind: 'text' }))

/**
 * The filters of the query: `filter[<field>]=value`, once per value, for the fields the collection
 * declares; a field named alone (`status=online`, as older links say) is read too. An unknown
 * field, a value the field refuses or too many values answer 400 naming the field.
 */
export function parseFilters(c: Context, shape: ListShape): Record<string, string[]> {
  const bad = (text: string) => new ApiError(400, text)
  const fields = filterFields(shape)
  const declared = new Map(fields.map((field) => [field.name, field]))
  const asked = new Map<string, string[]>()
  for (const [key, values] of Object.entries(c.req.queries())) {
    const bracket = /^filter\[(.*)\]$/s.exec(key)
    const name = bracket ? bracket[1]! : declared.has(key) && Object.hasOwn(shape.filters, key) ? key : undefined
    if (name === undefined) continue
    if (!declared.has(name)) {
      throw bad(message('unknownFilter', { name: name.slice(0, 40), allowed: [...declared.keys()].join(', ') || '-' }))
    }
    asked.set(name, [...(asked.get(name) ?? []), ...values.filter((value) => value !== '')])
  }
  return checkFilters(asked, shape)
}

/**
 * Filters asked field -> values (a bulk action's selection says them so), checked as the list's
 * query is: an unknown field, a value the field refuses or too many values answer 400 naming the field.
 */
export function checkFilters(asked: ReadonlyMap<string, readonly string[]>, shape: ListShape): Record<string, string[]> {
  const bad = (text: string) => new ApiError(400, text)
  const declared = new Map(filterFields(shape).map((field) => [field.name, field]))
  const filters: Record<string, string[]> = {}
  for (const [name, asIs] of asked) {
    if (!declared.has(name)) {
      throw bad(message('unknownFilter', { name: name.slice(0, 40), allowed: [...declared.keys()].join(', ') || '-' }))
    }
    const values = asIs.filter((value) => value !== '')
    const field = declared.get(name)!
    if (!values.length) continue
    if (values.length > MAX_FILTER_VALUES) throw bad(message('tooManyFilterValues', { name, max: MAX_FILTER_VALUES }))
    if (!takesMany(field) && values.length > 1) throw bad(message('oneFilterValue', { name }))
    const taken = values.map((value) => {
      const checked = filterValue(field, value)
      if (checked === undefined) throw bad(message('badFilter', { name }))
      return checked
    })
    filters[name] = [...new Set(taken)].sort()
  }
  return filters
}

/** `query` narrowed to the rows each filter of `list` asks for: any value of a field, every field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function filtered<Q extends SelectQueryBuilder<any, any, any>>(query: Q, shape: ListShape, list: ParsedList, ctx: FilterContext): Q {
  let narrowed = query
  for (const [name, values] of Object.entries(list.filters)) {
    const filter = shape.filters[name]!
    narrowed = (filter.where ? narrowed.where((eb) => filter.where!(eb, values, ctx)) : narrowed.where(filter.column!, 'in', values)) as Q
  }
  return narrowed
}

/**
 * `column`, a JSON list of words (a device's tags, a key's scopes), holds any of `values` as a
 * whole item: the quoted item found in the text, case and all, on either database.
 */
export function holdsAny(column: string, values: readonly string[], kind: DatabaseKind): Expression<SqlBool> {
  const finds = values.map((value) => {
    const item = JSON.stringify(value)
    return kind === 'postgres' ? sql<SqlBool>`strpos(${sql.ref(column)}, ${item}) > 0` : sql<SqlBool>`instr(${sql.ref(column)}, ${item}) > 0`
  })
  return sql<SqlBool>`(${sql.join(finds, sql` or `)})`
}

/** A page of a list as every list route answers it: the records, the total of all pages in `X-Total-Count`. */
export function answerList<Rec>(c: Context, page: ListPage<unknown>, records: Rec[]) {
  c.header('X-Total-Count', String(page.total))
  return c.json(records)
}

/** The list's query parameters as the API's description tells them (`openapi/`). */
export function listParams(shape: ListShape): QueryParam[] {
  return [
    { name: 'q', description: `Words to search in ${shape.search.map((column) => column.replace(/^t\./, '')).join(', ')}.`, schema: { type: 'string', maxLength: MAX_SEARCH } },
    { name: 'sort', description: 'What to sort by.', schema: { type: 'string', enum: Object.keys(shape.sort), default: shape.defaultSort.sort } },
    { name: 'order', description: 'Ascending or descending.', schema: { type: 'string', enum: ['asc', 'desc'], default: shape.defaultSort.order } },
    { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } },
    { name: 'per_page', description: 'Records per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
    ...filterFields(shape).map((field) => ({
      name: filterParam(field.name),
      description: `Only records whose ${field.name} is ${field.kind === 'time' ? (field.name.endsWith('_before') ? 'before this time' : 'after this time') : 'one of these'}; once per value (any value matches, every field must).`,
      schema: { type: 'array', items: filterSchema(field), maxItems: takesMany(field) ? MAX_FILTER_VALUES : 1 },
    })),
    // The older form, one value by the field's own name, still taken for the list's own filters.
    ...Object.entries(shape.filters).map(([name, filter]) => ({
      name,
      description: `Only records whose ${name} is this (the form before \`${filterParam(name)}\`).`,
      schema: filter.values ? { type: 'string', enum: [...filter.values] } : { type: 'string', maxLength: MAX_FILTER_TEXT },
    })),
  ]
}

/** The JSON Schema of one value of a filter field. */
function filterSchema(field: FilterField): JsonSchema {
  if (field.kind === 'choice') return { type: 'string', enum: [...(field.values ?? [])] }
  if (field.kind === 'time') return { type: 'string', format: 'date-time' }
  if (field.kind === 'expiry') return { type: 'string', pattern: '^(expired|never|within_[1-9][0-9]{0,3})$' }
  return { type: 'string', minLength: 1, maxLength: MAX_FILTER_TEXT }
}
