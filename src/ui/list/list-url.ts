import { CONSOLE_PER_PAGE, type ListQuery, type Order } from '../../contract/collections'

export interface ListDefaults {
  sort: string
  order: Order
  perPage: number
  /** The filters the list offers; other query parameters are not its business. */
  filters: readonly string[]
}

/** A list's state as the address holds it, so a reload or a shared link shows the same list. */
export function readListQuery(search: URLSearchParams, defaults: ListDefaults): Required<Omit<ListQuery, 'filters'>> & { filters: Record<string, string> } {
  const perPage = Number(search.get('per_page'))
  const page = Number(search.get('page'))
  const order = search.get('order')
  const filters: Record<string, string> = {}
  for (const name of defaults.filters) {
    const value = search.get(name)
    if (value) filters[name] = value
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
export function writeListQuery(search: URLSearchParams, defaults: ListDefaults, change: Partial<ListQuery>): URLSearchParams {
  const next = new URLSearchParams(search)
  const put = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) next.delete(name)
    else next.set(name, String(value))
  }
  if ('q' in change) put('q', change.q?.trim())
  if ('sort' in change) put('sort', change.sort, defaults.sort)
  if ('order' in change) put('order', change.order, defaults.order)
  if ('per_page' in change) put('per_page', change.per_page, defaults.perPage)
  for (const [name, value] of Object.entries(change.filters ?? {})) put(name, value)
  if ('page' in change) put('page', change.page, 1)
  else next.delete('page')
  return next
}
