import type { Context } from 'hono'
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely'
import { PER_PAGE_CHOICES, type Order } from '../../contract/collections'
import type { ListParams, ListPage, Trigrams } from '../db/list'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import type { QueryParam } from '../openapi/registry'

export interface Filter {
  column: string
  /** The values it takes; anything else is 400. */
  values?: readonly string[]
  /** A condition other than `column = value`, such as holding a related row (a user's role). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  where?: (eb: ExpressionBuilder<any, any>, value: string) => Expression<SqlBool>
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
  filters: Record<string, Filter>
}

export interface ParsedList extends ListParams {
  filters: Record<string, string>
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
  const filters: Record<string, string> = {}
  for (const [name, filter] of Object.entries(shape.filters)) {
    const value = c.req.query(name)
    if (value === undefined || value === '') continue
    if (value.length > 100 || (filter.values && !filter.values.includes(value))) throw bad(message('badFilter', { name }))
    filters[name] = value
  }
  return { q, sort, order: orderText, page, perPage, filters }
}

/** `query` narrowed to the rows each filter of `list` asks for. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function filtered<Q extends SelectQueryBuilder<any, any, any>>(query: Q, shape: ListShape, list: ParsedList): Q {
  let narrowed = query
  for (const [name, value] of Object.entries(list.filters)) {
    const filter = shape.filters[name]!
    narrowed = (filter.where ? narrowed.where((eb) => filter.where!(eb, value)) : narrowed.where(filter.column, '=', value)) as Q
  }
  return narrowed
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
    ...Object.entries(shape.filters).map(([name, filter]) => ({
      name,
      description: `Only records whose ${name} is this.`,
      schema: filter.values ? { type: 'string', enum: [...filter.values] } : { type: 'string', maxLength: 100 },
    })),
  ]
}
