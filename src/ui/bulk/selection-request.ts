import { MAX_BULK_IDS, type BulkAction, type BulkCollection, type BulkSelection } from '../../contract/bulk'
import { pageState, type Selection, type SelectionQuery } from '../list/bulk-selection'

// What the bulk bar reads of a list's selection; it loads with the bar, not with the list.

/** How many records an action would be asked for: the server's total when all matching are selected. */
export const selectedCount = (selection: Selection, total: number): number => (selection.all ? total : selection.ids.length)

/** Hand-picked rows have reached the most a selection by ids takes. */
export const isFull = (selection: Selection): boolean => !selection.all && selection.ids.length >= MAX_BULK_IDS

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

/**
 * Whether the bar offers an action for the list as filtered: approving only where pending devices
 * can be (no status filter, or one that takes `pending`); the rest always. Rows picked by hand came
 * from the same list, so they fall under its filter too.
 */
export function offersAction(collection: BulkCollection, action: BulkAction, query: SelectionQuery): boolean {
  if (collection !== 'devices' || action !== 'approve') return true
  const statuses = query.filters.status ?? []
  return !statuses.length || statuses.includes('pending')
}
