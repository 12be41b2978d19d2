import { PER_PAGE_CHOICES } from '../../contract/collections'
import { filterValue, MAX_FILTER_VALUES, takesMany, type FilterField } from '../../contract/list-filters'
import type { ListParams } from '../db/list'
import type { ListShape } from '../db/records'
import { message } from '../messages'
import { Problem } from '../problem'

/** A request's query string, as the edge reads it (`c.req` of a route). */
export interface QueryReader {
  query(name: string): string | undefined
  queries(): Record<string, string[]>
}

export interface ParsedList extends ListParams {
  /** Field -> the values asked for: any of them matches (OR), every field must (AND). */
  filters: Record<string, string[]>
}

export const MAX_SEARCH = 200
export const MAX_PAGE = 1_000_000

/** The list parameters of `c`, checked against what the collection declares; 400 with a message otherwise. */
export function parseList(c: { req: QueryReader }, shape: ListShape): ParsedList {
  const bad = (text: string) => new Problem('invalid', text)
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
export const filterFields = (shape: ListShape): readonly FilterField[] =>
  shape.fields ??
  Object.entries(shape.filters).map(([name, filter]): FilterField => (filter.values ? { name, kind: 'choice', values: filter.values } : { name, kind: 'text' }))

/**
 * The filters of the query: `filter[<field>]=value`, once per value, for the fields the collection
 * declares; a field named alone (`status=online`, as older links say) is read too. An unknown
 * field, a value the field refuses or too many values answer 400 naming the field.
 */
export function parseFilters(c: { req: QueryReader }, shape: ListShape): Record<string, string[]> {
  const bad = (text: string) => new Problem('invalid', text)
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
  const bad = (text: string) => new Problem('invalid', text)
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
