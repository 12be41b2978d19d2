import { useEffect, useRef, useState } from 'react'
import type { Result } from '../../api/client'
import { shelfOf } from '../../stores/kept'
import { live } from '../../stores/live'

/** Changes arriving together (a storm of devices going dark) are read once, this long after the first. */
export const ALERTS_RELOAD_MS = 300

export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error'
  data: T | null
  message: string
  /** When the data on screen was read, ms since the epoch. */
  loadedAt: number | null
}

/** What the last visit read for the question `key`, shown with its age until the live answer comes. */
function keptAlerts<T>(key: string): Loaded<T> | undefined {
  const { kept } = shelfOf<T>(`alerts:${key}`)
  return kept ? { status: 'ready', data: kept.value, message: '', loadedAt: kept.at } : undefined
}

/**
 * What `load` answers, read again whenever the events stream tells of an alert or a mute (or
 * that events were missed), so a firing alert shows without a reload. `key` names the question:
 * a new one reads at once, showing first what was kept for it, if anything.
 */
export function useLiveAlerts<T>(key: string, load: (signal: AbortSignal) => Promise<Result<T>>) {
  const [state, setState] = useState<Loaded<T>>(() => keptAlerts<T>(key) ?? { status: 'loading', data: null, message: '', loadedAt: null })
  const [round, setRound] = useState(0)
  const latest = useRef(load)
  latest.current = load
  const shownKey = useRef(key)

  useEffect(() => {
    const controller = new AbortController()
    const shelf = shelfOf<T>(`alerts:${key}`)
    if (shownKey.current !== key) {
      shownKey.current = key
      const kept = keptAlerts<T>(key)
      if (kept) setState(kept)
    }
    void latest.current(controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) shelf.keep(result.data)
      setState((old) => (result.ok ? { status: 'ready', data: result.data, message: '', loadedAt: Date.now() } : { ...old, status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [key, round])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = live.listen((event) => {
      if (event.type !== 'reset' && !(event.type === 'change' && event.data.collection === 'alerts')) return
      timer ??= setTimeout(() => {
        timer = undefined
        setRound((n) => n + 1)
      }, ALERTS_RELOAD_MS)
    })
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [])

  return { ...state, reload: () => setRound((n) => n + 1) }
}
