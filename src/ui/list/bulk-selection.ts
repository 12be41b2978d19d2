import { MAX_BULK_IDS } from '../../contract/bulk'

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
