import { array, boolean, enums, object, record, refine, string, type Infer } from 'superstruct'
import { VIEW_COLLECTIONS, type BaseRecord, type Order, type ViewCollection } from './collections'
import { defaulted, described, size } from './json-schema'
import { filtersOf, filterValue, MAX_FILTER_TEXT, MAX_FILTER_VALUES, takesMany } from './list-filters'
import type { Right } from './rights'
import { Text } from './validation'

export { VIEW_COLLECTIONS, type ViewCollection }

export const isViewCollection = (name: string): name is ViewCollection => (VIEW_COLLECTIONS as readonly string[]).includes(name)

/** The right that reads and writes the views of a list: the list's own. */
export const viewRight = (collection: ViewCollection): Right => collection

/**
 * The columns each list shows, by key, in the screen's order (a unit test holds the screens to
 * them): a view names those it shows, and nothing else.
 */
export const VIEW_COLUMNS: Record<ViewCollection, readonly string[]> = {
  devices: ['name', 'status', 'serial', 'model', 'firmware', 'location', 'ip', 'last_seen', 'tags', 'created_at'],
  access_keys: ['name', 'prefix', 'scopes', 'expires_at', 'last_used_at', 'created_at', 'status', 'actions'],
  users: ['name', 'email', 'roles', 'status', 'last_sign_in', 'actions'],
  tunnels: ['name', 'device', 'protocol', 'local_port', 'endpoint', 'status', 'enabled', 'actions'],
}

/** The longest search a view keeps, as the list takes it. */
export const VIEW_SEARCH_MAX = 200
/** The most views one person may keep of one list; past it a save is refused with a message. */
export const VIEWS_PER_OWNER = 100

/** A list's question as a view keeps it: what the list's address holds, paging aside. */
export interface ViewQuery {
  q: string
  sort: string
  order: Order
  /** Field -> values, as the list takes them (`contract/list-filters.ts`). */
  filters: Record<string, string[]>
}

/** A saved view of a list: its question, the columns it shows, who keeps it and who sees it. */
export interface View extends BaseRecord {
  name: string
  collection: ViewCollection
  query: ViewQuery
  /** Column keys in the order shown. */
  columns: string[]
  /** Seen by every holder of the list's right in the organization; else by its owner alone. */
  shared: boolean
  /** Listed in the console's menu. */
  pinned: boolean
  owner_id: string
  owner_name: string
}

const SortKey = described(refine(string(), 'sortKey', (value) => /^[a-z_]{1,40}$/.test(value) || 'validation.invalid'), {
  type: 'string',
  pattern: '^[a-z_]{1,40}$',
  description: 'A sort key the list takes.',
})

export const ViewQueryInput = object({
  q: defaulted(described(refine(string(), 'search', (value) => value.length <= VIEW_SEARCH_MAX || 'validation.tooLong'), { type: 'string', maxLength: VIEW_SEARCH_MAX }), ''),
  sort: SortKey,
  order: enums(['asc', 'desc']),
  filters: defaulted(
    described(record(string(), array(string())), {
      type: 'object',
      description: 'Field -> values, as the list takes `filter[<field>]`: only fields the list declares, values each field takes.',
      additionalProperties: { type: 'array', items: { type: 'string', minLength: 1, maxLength: MAX_FILTER_TEXT }, maxItems: MAX_FILTER_VALUES },
    }),
    {},
  ),
})

const ColumnKey = described(refine(string(), 'columnKey', (value) => /^[a-z_]{1,40}$/.test(value) || 'validation.invalid'), { type: 'string', pattern: '^[a-z_]{1,40}$' })

/** What a view is saved with; the owner is whoever saves it. */
export const ViewInput = object({
  name: Text(80),
  collection: enums(VIEW_COLLECTIONS),
  query: ViewQueryInput,
  columns: size(array(ColumnKey), 1, 20),
  shared: defaulted(boolean(), false),
  pinned: defaulted(boolean(), false),
})
export type ViewInput = Infer<typeof ViewInput>

/** An update: everything but the list it is a view of, which stays. */
export const ViewUpdate = object({
  name: Text(80),
  query: ViewQueryInput,
  columns: size(array(ColumnKey), 1, 20),
  shared: defaulted(boolean(), false),
  pinned: defaulted(boolean(), false),
})
export type ViewUpdate = Infer<typeof ViewUpdate>

/** What is wrong with a view's question or columns, field -> what to say, when the list would refuse it. */
export type ViewProblem =
  | { field: 'query'; kind: 'unknownFilter'; name: string; allowed: string[] }
  | { field: 'query'; kind: 'badFilter'; name: string }
  | { field: 'query'; kind: 'oneFilterValue'; name: string }
  | { field: 'query'; kind: 'tooManyFilterValues'; name: string }
  | { field: 'query'; kind: 'badSort'; sort: string; allowed: string[] }
  | { field: 'columns'; kind: 'badColumn'; column: string; allowed: string[] }
  | { field: 'columns'; kind: 'repeatedColumn'; column: string }

/**
 * The first reason the list of `collection` would refuse the view's question or columns: a filter
 * it does not declare or a value it refuses, a sort it does not take (`sorts`), a column it does not
 * show. Filter values come back as the list keeps them (a time as an ISO instant), sorted.
 */
export function checkView(
  collection: ViewCollection,
  query: ViewQuery,
  columns: readonly string[],
  sorts: readonly string[],
): { ok: true; query: ViewQuery } | { ok: false; problem: ViewProblem } {
  const fields = new Map(filtersOf(collection).map((field) => [field.name, field]))
  const filters: Record<string, string[]> = {}
  for (const [name, values] of Object.entries(query.filters)) {
    const field = fields.get(name)
    if (!field) return { ok: false, problem: { field: 'query', kind: 'unknownFilter', name, allowed: [...fields.keys()] } }
    if (values.length > MAX_FILTER_VALUES) return { ok: false, problem: { field: 'query', kind: 'tooManyFilterValues', name } }
    if (!takesMany(field) && values.length > 1) return { ok: false, problem: { field: 'query', kind: 'oneFilterValue', name } }
    const taken: string[] = []
    for (const value of values) {
      const checked = filterValue(field, value)
      if (checked === undefined) return { ok: false, problem: { field: 'query', kind: 'badFilter', name } }
      taken.push(checked)
    }
    if (taken.length) filters[name] = [...new Set(taken)].sort()
  }
  if (!sorts.includes(query.sort)) return { ok: false, problem: { field: 'query', kind: 'badSort', sort: query.sort, allowed: [...sorts] } }
  const known = VIEW_COLUMNS[collection]
  const seen = new Set<string>()
  for (const column of columns) {
    if (!known.includes(column)) return { ok: false, problem: { field: 'columns', kind: 'badColumn', column, allowed: [...known] } }
    if (seen.has(column)) return { ok: false, problem: { field: 'columns', kind: 'repeatedColumn', column } }
    seen.add(column)
  }
  return { ok: true, query: { q: query.q.trim(), sort: query.sort, order: query.order, filters } }
}

export const VIEWS_PATH = '/views/'
