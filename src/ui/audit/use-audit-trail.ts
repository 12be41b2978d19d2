import { useCallback, useEffect, useRef, useState } from 'react'
import { auditPage, type AuditQuery } from '../../api/audit'
import type { AuditEntry } from '../../contract/audit'
import type { Right } from '../../contract/rights'
import { shelfOf } from '../../stores/kept'
import { live } from '../../stores/live'

export interface Trail {
  status: 'loading' | 'ready' | 'error'
  entries: AuditEntry[]
  total: number
  message: string
  /** Loading the next page is under way. */
  more: boolean
}

/** Changes this close together reload the first page once. */
export const RELOAD_AFTER_MS = 400

/** Who did what and when, narrowing a trail beside its collection and record. */
export type TrailFilters = Pick<AuditQuery, 'actor' | 'action' | 'from' | 'to'>

/**
 * The trail of one record (`collection` and `recordId`), or of everything the viewer may see
 * (neither), narrowed by `filters`: the first page, further pages on demand, and the first page
 * again when a new entry of what it shows (or a change of its record) arrives live.
 */
export function useAuditTrail(collection: Right | undefined, recordId: string | undefined, perPage: number, filters: TrailFilters = {}) {
  const { actor, action, from, to } = filters
  const keptName = `audit:${collection ?? ''}:${recordId ?? ''}:${perPage}:${actor ?? ''}:${action ?? ''}:${from ?? ''}:${to ?? ''}`
  // The first page as last read shows at once on the next visit, until the live one comes.
  const [trail, setTrail] = useState<Trail>(() => {
    const { kept } = shelfOf<{ rows: AuditEntry[]; total: number }>(keptName)
    return kept
      ? { status: 'ready', entries: kept.value.rows, total: kept.value.total, message: '', more: false }
      : { status: 'loading', entries: [], total: 0, message: '', more: false }
  })
  const [round, setRound] = useState(0)
  const page = useRef(1)

  const query = useCallback(
    (n: number): AuditQuery => ({ collection, record_id: recordId, actor, action, from, to, page: n, per_page: perPage }),
    [collection, recordId, perPage, actor, action, from, to],
  )

  useEffect(() => {
    const controller = new AbortController()
    page.current = 1
    const shelf = shelfOf<{ rows: AuditEntry[]; total: number }>(keptName)
    void auditPage(query(1), controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) shelf.keep(result.data)
      setTrail((old) =>
        result.ok
          ? { status: 'ready', entries: result.data.rows, total: result.data.total, message: '', more: false }
          : { ...old, status: 'error', message: result.message, more: false },
      )
    })
    return () => controller.abort()
    // `keptName` follows `query`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, round])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = live.listen((event) => {
      const relevant =
        event.type === 'reset' ||
        (event.type === 'change' && (!collection || event.data.collection === collection) && (!recordId || event.data.id === recordId)) ||
        (event.type === 'audit' &&
          (!collection || event.data.collection === collection) &&
          (!recordId || event.data.record_id === recordId) &&
          (!action || event.data.action === action))
      if (!relevant) return
      clearTimeout(timer)
      timer = setTimeout(() => setRound((n) => n + 1), RELOAD_AFTER_MS)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [collection, recordId, action])

  const loadMore = useCallback(() => {
    const next = page.current + 1
    setTrail((old) => ({ ...old, more: true }))
    void auditPage(query(next)).then((result) => {
      if (!result.ok) return setTrail((old) => ({ ...old, more: false, message: result.message }))
      page.current = next
      setTrail((old) => {
        const known = new Set(old.entries.map((entry) => entry.id))
        return { ...old, more: false, total: result.data.total, entries: [...old.entries, ...result.data.rows.filter((entry) => !known.has(entry.id))] }
      })
    })
  }, [query])

  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { trail, loadMore, reload }
}
