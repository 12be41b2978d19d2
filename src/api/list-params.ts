import type { ListQuery } from '../contract/collections'

/** A list call's query string: search, sort and paging, then the collection's filters. */
export function listParams(query: ListQuery): Record<string, string | number | undefined> {
  return {
    q: query.q || undefined,
    sort: query.sort,
    order: query.sort ? query.order : undefined,
    page: query.page,
    per_page: query.per_page,
    ...query.filters,
  }
}
