import { useEffect, useRef, useState } from 'react'
import type { Result } from '../../api/client'
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

/**
 * What `load` answers, read again whenever the events stream tells of an alert or a mute (or
 * that events were missed), so a firing alert shows without a reload. `key` names the question:
 * a new one reads at once.
 */
export function useLiveAlerts<T>(key: string, load: (signal: AbortSignal) => Promise<Result<T>>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', data: null, message: '', loadedAt: null })
  const [round, setRound] = useState(0)
  const latest = useRef(load)
  latest.current = load

  useEffect(() => {
    const controller = new AbortController()
    void latest.current(controller.signal).then((result) => {
      if (controller.signal.aborted) return
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
