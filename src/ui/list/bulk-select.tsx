import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { BULK_ACTIONS, bulkRight, type BulkCollection } from '../../contract/bulk'
import type { BaseRecord, CollectionName } from '../../contract/collections'
import { $session } from '../../stores/session'
import { useT } from '../use-t'
import {
  emptySelection,
  isSelected,
  pageState,
  selectionKey,
  selectionUnder,
  selectMatching,
  toggle as toggleSelection,
  togglePage,
  type Selection,
  type SelectionQuery,
} from './bulk-selection'
import s from './bulk-select.module.css'

const isBulkCollection = (name: string | undefined): name is BulkCollection => name !== undefined && name in BULK_ACTIONS

/** How a row names itself to a screen reader beside its box: its name, else its address, else its id. */
export const defaultRowLabel = (row: BaseRecord): string => {
  const { name, email } = row as { name?: unknown; email?: unknown }
  return (typeof name === 'string' && name) || (typeof email === 'string' && email) || row.id
}

export interface BulkSelect {
  collection: BulkCollection
  selection: Selection
  /** The ids of the rows on this page, in order. */
  page: string[]
  /** Set once the user first ticks a row: the bulk bar's code loads from then on. */
  opened: boolean
  set: (next: (selection: Selection) => Selection) => void
  toggle: (id: string, on: boolean) => void
  togglePage: (on: boolean) => void
  selectMatching: () => void
  clear: () => void
}

/**
 * A list's selection for bulk actions, for a collection that has them and a user holding its
 * right (no boxes otherwise: there would be nothing to do with them). Ticked rows stay ticked
 * across pages; another search or filter clears them.
 */
export function useBulkSelect(collection: CollectionName | undefined, query: SelectionQuery, rows: readonly BaseRecord[]): BulkSelect | null {
  const rights = useStore($session).user?.rights
  const key = selectionKey(query)
  const [kept, setKept] = useState(() => emptySelection(key))
  const [opened, setOpened] = useState(false)
  if (!isBulkCollection(collection) || !rights?.includes(bulkRight(collection))) return null
  const selection = selectionUnder(kept, key)
  const page = rows.map((row) => row.id)
  const set = (next: (selection: Selection) => Selection) => {
    setOpened(true)
    setKept((old) => next(selectionUnder(old, key)))
  }
  return {
    collection,
    selection,
    page,
    opened,
    set,
    toggle: (id, on) => set((old) => toggleSelection(old, id, on, page)),
    togglePage: (on) => set((old) => togglePage(old, page, on)),
    selectMatching: () => set(selectMatching),
    clear: () => set((old) => emptySelection(old.key)),
  }
}

/** The header's box: ticks or unticks every row of this page; mixed when part of it is ticked. */
export function BulkHeadCell({ bulk }: { bulk: BulkSelect }) {
  const t = useT()
  const box = useRef<HTMLInputElement>(null)
  const state = pageState(bulk.selection, bulk.page)
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some'
  }, [state])
  return (
    <th scope="col" className={s.cell}>
      <input
        ref={box}
        type="checkbox"
        className={s.box}
        aria-label={t('list.selectPage')}
        checked={state === 'all'}
        disabled={!bulk.page.length}
        onChange={(event) => bulk.togglePage(event.currentTarget.checked)}
      />
    </th>
  )
}

/** A row's box, named after the row for screen readers ("Select Gate 4"). */
export function BulkCell({ bulk, id, label }: { bulk: BulkSelect; id: string; label: string }) {
  const t = useT()
  return (
    <td className={s.cell}>
      <input
        type="checkbox"
        className={s.box}
        aria-label={t('list.selectRow', { name: label })}
        checked={isSelected(bulk.selection, id)}
        onChange={(event) => bulk.toggle(id, event.currentTarget.checked)}
      />
    </td>
  )
}
