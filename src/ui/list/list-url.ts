import { CONSOLE_PER_PAGE, type ListQuery, type Order } from '../../contract/collections'

export interface ListDefaults {
  sort: string
  order: Order
  perPage: number
  /** The filters the list offers; other query parameters are not its business. */
  filters: readonly string[]
}

/** A list's state as the address holds it: every field set, each filter with the values it has. */
export type ListState = Required<Omit<ListQuery, 'filters'>> & { filters: Record<string, readonly string[]> }

/** A change of filters: a field's values (a single value for one, none or `''` to remove the field). */
export type FilterChange = Record<string, string | readonly string[]>

/** A change of the list: any part of its state, filters as a change of some fields. */
export type ListChange = Partial<Omit<ListQuery, 'filters'>> & { filters?: FilterChange }

/** The values of a filter change, without empty ones and repeats. */
const valuesOf = (value: string | readonly string[]) => [...new Set((typeof value === 'string' ? [value] : value).filter((one) => one !== ''))]

/**
 * A list's state as the address holds it, so a reload or a shared link shows the same list. A
 * filter is its field's name once per value (`?status=online&status=offline`), as short as
 * links go; the list call sends them as `filter[status]`.
 */
export function readListQuery(search: URLSearchParams, defaults: ListDefaults): ListState {
  const perPage = Number(search.get('per_page'))
  const page = Number(search.get('page'))
  const order = search.get('order')
  const filters: Record<string, readonly string[]> = {}
  for (const name of defaults.filters) {
    const values = valuesOf(search.getAll(name))
    if (values.length) filters[name] = values
  }
  return {
    q: search.get('q') ?? '',
    sort: search.get('sort') || defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (CONSOLE_PER_PAGE as readonly number[]).includes(perPage) ? perPage : defaults.perPage,
    filters,
  }
}

/**
 * The address for a changed list: values at their default are left out so links stay short, and
 * anything but paging itself starts again at page 1.
 */
export function writeListQuery(search: URLSearchParams, defaults: ListDefaults, change: ListChange): URLSearchParams {
  const next = new URLSearchParams(search)
  const put = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) next.delete(name)
    else next.set(name, String(value))
  }
  if ('q' in change) put('q', change.q?.trim())
  if ('sort' in change) put('sort', change.sort, defaults.sort)
  if ('order' in change) put('order', change.order, defaults.order)
  if ('per_page' in change) put('per_page', change.per_page, defaults.perPage)
  for (const [name, value] of Object.entries(change.filters ?? {})) {
    next.delete(name)
    for (const one of valuesOf(value)) next.append(name, one)
  }
  if ('page' in change) put('page', change.page, 1)
  else next.delete('page')
  return next
}
