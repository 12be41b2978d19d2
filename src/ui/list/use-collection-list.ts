import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'wouter'
import type { Page } from '../../api/collection'
import type { Result } from '../../api/client'
import type { BaseRecord, CollectionName, DeviceEvent, ListQuery } from '../../contract/collections'
import { live } from '../../stores/live'
import { readListQuery, writeListQuery, type ListChange, type ListDefaults } from './list-url'
import type { Kept } from '../../lib/kept-answers'
import { shelfOf } from '../../stores/kept'

export interface ListData<T> {
  status: 'loading' | 'ready' | 'error'
  rows: T[]
  total: number
  /** The message of a failed load, shown with a retry. */
  message: string
  /** When the rows on screen were read, ms since the epoch. */
  loadedAt: number | null
}

export interface ListOptions<T> {
  collection: CollectionName
  list: (query: ListQuery, signal?: AbortSignal) => Promise<Result<Page<T>>>
  defaults: ListDefaults
  /** A device's new status, applied to the rows it concerns without asking the server. */
  onDevice?: (row: T, event: DeviceEvent) => T
  /** The name its last answers are kept under; the collection's by default. */
  keptAs?: string
}

/** The rows last read for this question, shown at once with their age until the live answer comes. */
function keptList<T>(kept: Kept<Page<T>> | undefined): ListData<T> | undefined {
  return kept && Array.isArray(kept.value.rows)
    ? { status: 'ready', rows: kept.value.rows, total: kept.value.total, message: '', loadedAt: kept.at }
    : undefined
}

/** Changes arriving together are read once, this long after the first. */
export const RELOAD_DELAY_MS = 400

/**
 * A list kept in the address and kept live: it loads what the address asks for, reloads quietly
 * when a record of its collection changes, and patches device status as it arrives.
 */
export function useCollectionList<T extends BaseRecord>(options: ListOptions<T>) {
  const [search, setSearch] = useSearchParams()
  const query = readListQuery(search, options.defaults)
  const key = JSON.stringify(query)
  const keptName = `list:${options.keptAs ?? options.collection}:${key}`
  const [data, setData] = useState<ListData<T>>(
    () => keptList(shelfOf<Page<T>>(keptName).kept) ?? { status: 'loading', rows: [], total: 0, message: '', loadedAt: null },
  )
  const [round, setRound] = useState(0)
  const latest = useRef(options)
  latest.current = options
  const shownKey = useRef<string | undefined>(undefined)

  useEffect(() => {
    const controller = new AbortController()
    // A new question shows what was kept for it, or that it is loading; the same one asked again
    // (a live change) reloads quietly.
    const shelf = shelfOf<Page<T>>(keptName)
    if (shownKey.current !== key) {
      const kept = keptList(shelf.kept)
      setData((old) => kept ?? { ...old, status: 'loading' })
    }
    void latest.current.list(query, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      shownKey.current = key
      if (result.ok) shelf.keep(result.data)
      setData((old) =>
        result.ok
          ? { status: 'ready', rows: result.data.rows, total: result.data.total, message: '', loadedAt: Date.now() }
          : { ...old, status: 'error', message: result.message },
      )
    })
    return () => controller.abort()
    // `key` stands for the query; `round` asks for the same list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const reloadSoon = () => {
      timer ??= setTimeout(() => {
        timer = undefined
        setRound((n) => n + 1)
      }, RELOAD_DELAY_MS)
    }
    const stop = live.listen((event) => {
      if (event.type === 'reset' || (event.type === 'change' && event.data.collection === latest.current.collection)) reloadSoon()
      const apply = latest.current.onDevice
      if (event.type === 'device' && apply) {
        setData((old) => ({ ...old, rows: old.rows.map((row) => apply(row, event.data)) }))
      }
    })
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [])

  return {
    query,
    data,
    /** Moves the list: search as typed replaces the address, any other change adds a step to history. */
    change: (change: ListChange) => setSearch(writeListQuery(search, options.defaults, change), { replace: 'q' in change }),
    reload: () => setRound((n) => n + 1),
  }
}

/** The address parameter that opens a list's create dialog, as the command palette's actions link. */
export const CREATE_PARAM = 'new'

/**
 * A link may open the list's create dialog: `?new=1` calls `create` once, and the parameter
 * leaves the address (replaced, not a new step), so neither a reload nor Back opens it again.
 */
export function useCreateParam(create: () => void): void {
  const [search, setSearch] = useSearchParams()
  const asked = search.get(CREATE_PARAM) === '1'
  useEffect(() => {
    if (!asked) return
    create()
    const next = new URLSearchParams(search)
    next.delete(CREATE_PARAM)
    setSearch(next, { replace: true })
    // Only the parameter's arrival matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked])
}
