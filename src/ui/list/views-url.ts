import type { View, ViewQuery } from '../../contract/views'
import { COLUMNS_PARAM, VIEW_PARAM } from './list-columns'
import type { ListState } from './list-url'

/**
 * The address a saved view opens: its search, sort, order, each filter value as the list's
 * address holds it, its columns, and the view's id, which marks the list as showing it. The
 * columns are always written, even all of them: a `view` without `columns` is a link still to open.
 */
export function viewSearch(view: Pick<View, 'id' | 'query' | 'columns'>): URLSearchParams {
  const next = new URLSearchParams()
  next.set(VIEW_PARAM, view.id)
  if (view.query.q) next.set('q', view.query.q)
  next.set('sort', view.query.sort)
  next.set('order', view.query.order)
  for (const [name, values] of Object.entries(view.query.filters)) for (const value of values) next.append(name, value)
  next.set(COLUMNS_PARAM, view.columns.join(','))
  return next
}

/** A link's `?view=<id>` still to be opened: the list has not written the view's question yet. */
export function viewToOpen(search: URLSearchParams): string | undefined {
  const id = search.get(VIEW_PARAM)
  return id && !search.has(COLUMNS_PARAM) ? id : undefined
}

/** The list's question as a view keeps it: paging aside, filters without empty fields. */
export function queryOfList(query: ListState): ViewQuery {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, values]) => values.length > 0).map(([name, values]) => [name, [...values]]))
  return { q: query.q, sort: query.sort, order: query.order, filters }
}

/** Whether the list shows what the view holds, so the view can be said to be open unchanged. */
export function showsView(view: Pick<View, 'query' | 'columns'>, query: ListState, columns: readonly string[]): boolean {
  const mine = queryOfList(query)
  const sorted = (filters: Record<string, readonly string[]>) =>
    JSON.stringify(Object.entries(filters).map(([name, values]) => [name, [...values].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))))
  return (
    mine.q === view.query.q &&
    mine.sort === view.query.sort &&
    mine.order === view.query.order &&
    sorted(mine.filters) === sorted(view.query.filters) &&
    columns.join(',') === view.columns.join(',')
  )
}

/**
 * The columns after one is shown or hidden: a hidden one leaves (never the last), a shown one
 * comes back after the nearest column before it in the list's own order, so a view's order stays.
 */
export function toggleColumn(shown: readonly string[], all: readonly string[], key: string): string[] {
  if (shown.includes(key)) return shown.length > 1 ? shown.filter((one) => one !== key) : [...shown]
  const before = all.slice(0, all.indexOf(key)).reverse().find((one) => shown.includes(one))
  const at = before === undefined ? 0 : shown.indexOf(before) + 1
  return [...shown.slice(0, at), key, ...shown.slice(at)]
}

/**
 * The address after the column chooser: `columns` naming the shown keys, or left out when the
 * plain list's columns show in its order and no view is open (a plain list's link stays short).
 */
export function columnsSearch(search: URLSearchParams, plain: readonly string[], shown: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search)
  if (shown.join(',') === plain.join(',') && !next.has(VIEW_PARAM)) next.delete(COLUMNS_PARAM)
  else next.set(COLUMNS_PARAM, shown.join(','))
  return next
}
