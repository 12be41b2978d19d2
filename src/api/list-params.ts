import type { ListQuery, QueryValues } from '../contract/collections'

/** A list call's query string: search, sort and paging, then each filter's values as `filter[<field>]`. */
export function listParams(query: ListQuery): QueryValues {
  const params: QueryValues = {
    q: query.q || undefined,
    sort: query.sort,
    order: query.sort ? query.order : undefined,
    page: query.page,
    per_page: query.per_page,
  }
  for (const [name, values] of Object.entries(query.filters ?? {})) if (values.length) params[`filter[${name}]`] = values
  return params
}
