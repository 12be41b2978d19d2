import { MAX_BULK_IDS, type BulkSelection } from '../../contract/bulk'

/**
 * What a list has selected for a bulk action: rows ticked by hand (kept across pages, at most
 * `MAX_BULK_IDS`), or every record the list's search and filters match (`all`). `key` names the
 * search and filters it was made under: another search or filter starts it again, empty.
 */
export interface Selection {
  key: string
  ids: readonly string[]
  all: boolean
}

/** The part of a list's state a selection belongs to: its search and filters, not its page or sort. */
export interface SelectionQuery {
  q: string
  filters: Readonly<Record<string, readonly string[]>>
}

/** The same search and filters give the same key, whatever order the filters and values come in. */
export function selectionKey(query: SelectionQuery): string {
  const filters = Object.keys(query.filters)
    .filter((name) => query.filters[name]!.length > 0)
    .sort()
    .map((name) => [name, [...query.filters[name]!].sort()])
  return JSON.stringify([query.q.trim(), filters])
}

export const emptySelection = (key: string): Selection => ({ key, ids: [], all: false })

/** The selection as it stands under `key`: the one kept if made under it, else an empty one. */
export const selectionUnder = (selection: Selection, key: string): Selection => (selection.key === key ? selection : emptySelection(key))

/** Whether a row shows ticked: every row does while all matching are selected. */
export const isSelected = (selection: Selection, id: string): boolean => selection.all || selection.ids.includes(id)

/** How many records an action would be asked for: the server's total when all matching are selected. */
export const selectedCount = (selection: Selection, total: number): number => (selection.all ? total : selection.ids.length)

/** Hand-picked rows have reached the most a selection by ids takes. */
export const isFull = (selection: Selection): boolean => !selection.all && selection.ids.length >= MAX_BULK_IDS

/** Adds ids not selected yet, in order, as many as fit under `MAX_BULK_IDS`. */
function adding(ids: readonly string[], more: readonly string[]): string[] {
  const next = [...ids]
  for (const id of more) {
    if (next.length >= MAX_BULK_IDS) break
    if (!next.includes(id)) next.push(id)
  }
  return next
}

/**
 * Ticks or unticks one row. Unticking a row while all matching are selected keeps the rest of the
 * page ticked (the rows the user sees), not the other pages nobody sees; ticking past the most
 * ids a selection takes changes nothing.
 */
export function toggle(selection: Selection, id: string, on: boolean, page: readonly string[]): Selection {
  if (selection.all) return on ? selection : { ...selection, all: false, ids: adding([], page.filter((one) => one !== id)) }
  if (on) return { ...selection, ids: adding(selection.ids, [id]) }
  return { ...selection, ids: selection.ids.filter((one) => one !== id) }
}

/** Ticks the page's rows (as many as fit) or unticks them; unticking leaves "all matching" too. */
export function togglePage(selection: Selection, page: readonly string[], on: boolean): Selection {
  if (on) return selection.all ? selection : { ...selection, ids: adding(selection.ids, page) }
  return { ...selection, all: false, ids: selection.all ? [] : selection.ids.filter((id) => !page.includes(id)) }
}

/** Every record the list's search and filters match, every page of them. */
export const selectMatching = (selection: Selection): Selection => ({ ...selection, all: true, ids: [] })

/** The header box: ticked when the whole page is, mixed when part of it is. */
export function pageState(selection: Selection, page: readonly string[]): 'all' | 'some' | 'none' {
  if (!page.length) return 'none'
  const ticked = page.filter((id) => isSelected(selection, id)).length
  return ticked === page.length ? 'all' : ticked ? 'some' : 'none'
}

/**
 * Whether to offer "select all N matching": the page is all ticked by hand and the list holds
 * more than the rows ticked.
 */
export const offersMatching = (selection: Selection, page: readonly string[], total: number): boolean =>
  !selection.all && pageState(selection, page) === 'all' && total > selection.ids.length

/** The records as a bulk request names them: the ids, or the search and filters as the list reads them. */
export function bulkSelectionOf(selection: Selection, query: SelectionQuery): BulkSelection {
  if (!selection.all) return { ids: [...selection.ids] }
  const filters: Record<string, string[]> = {}
  for (const [name, values] of Object.entries(query.filters)) if (values.length) filters[name] = [...values]
  const q = query.q.trim()
  return q ? { q, filters } : { filters }
}
