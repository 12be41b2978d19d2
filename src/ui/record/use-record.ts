import { useEffect, useState } from 'react'
import type { Result } from '../../api/client'
import { shelfOf } from '../../stores/kept'
import { live, type LiveEvent } from '../../stores/live'

export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; record: T; loadedAt: number }

export interface RecordOptions<T> {
  /** True for the events after which the record is read again, quietly. */
  reloadOn(event: LiveEvent): boolean
  /** Applies an event to the record on screen without a request (a device's status). */
  patch?(record: T, event: LiveEvent): T | undefined
  /**
   * The name the last record read is kept under (one per kind of page): the next visit to the same
   * record shows it at once, with its age, until the live answer comes.
   */
  keptAs?: string
}

/** The record the last visit kept for this page, when it is the one asked for. */
function keptRecord<T extends { id: string }>(keptAs: string | undefined, id: string): RecordState<T> | undefined {
  if (!keptAs || !id) return undefined
  const { kept } = shelfOf<T | null>(`record:${keptAs}`)
  return kept?.value && kept.value.id === id ? { status: 'ready', record: kept.value, loadedAt: kept.at } : undefined
}

/**
 * One record of a detail view, kept live: read again quietly after the events `reloadOn` picks
 * (and after `reset`), patched in place by `patch`. Another organization's id, or a record deleted
 * meanwhile, reads as missing; a quiet reload that fails keeps what is on screen. With `keptAs`,
 * the record as last read shows first on the next visit to it.
 */
export function useRecord<T extends { id: string }>(id: string, get: (id: string, signal: AbortSignal) => Promise<Result<T>>, options: RecordOptions<T>) {
  const [state, setState] = useState<RecordState<T>>(() => keptRecord<T>(options.keptAs, id) ?? (id ? { status: 'loading' } : { status: 'missing' }))
  const [round, setRound] = useState(0)
  /** Keeps the record as now shown (none once it is gone) for the next visit. */
  const keep = (record: T | null) => {
    if (options.keptAs) shelfOf<T | null>(`record:${options.keptAs}`).keep(record)
  }

  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    void get(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) keep(result.data)
      else if (result.status === 404) keep(null)
      if (result.ok) setState({ status: 'ready', record: result.data, loadedAt: Date.now() })
      else if (result.status === 404) setState({ status: 'missing' })
      else setState((old) => (old.status === 'ready' ? old : { status: 'error', message: result.message }))
    })
    return () => controller.abort()
    // `get` and `options` are the caller's constants; the record is read again by id and round only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, round])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'reset' || options.reloadOn(event)) return setRound((n) => n + 1)
        if (options.patch) {
          setState((old) => {
            const patched = old.status === 'ready' ? options.patch?.(old.record, event) : undefined
            return patched && old.status === 'ready' ? { ...old, record: patched } : old
          })
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id],
  )

  return {
    state,
    reload: () => setRound((n) => n + 1),
    /** Shows `record` as it is now, e.g. the answer of a save; null when it is gone. */
    replace: (record: T | null) => {
      keep(record)
      setState(record ? { status: 'ready', record, loadedAt: Date.now() } : { status: 'missing' })
    },
  }
}
