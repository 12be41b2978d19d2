import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'wouter'
import type { Result } from '../../api/client'
import type { MetricRange } from '../../contract/metrics'
import { shelfOf } from '../../stores/kept'
import { live } from '../../stores/live'
import { readRange, writeRange } from './range'
import { liveRefresh } from './live-refresh'

export interface Metrics<T> {
  status: 'loading' | 'ready' | 'error'
  /** The last answer, kept on screen while the next one loads. */
  data: T | undefined
  message: string
  /** When the data on screen was read, ms since the epoch. */
  loadedAt: number | null
}

/**
 * A dashboard's metrics for the range in the address (`name` keeps the last ones apart), kept live: device events read them again
 * (throttled, so a busy fleet costs one request every ten seconds, and once more when the
 * minute of the heartbeats is counted), a reset at once.
 */
export function useMetrics<T>(load: (range: MetricRange, signal?: AbortSignal) => Promise<Result<T>>, name: string) {
  const [search, setSearch] = useSearchParams()
  const range = readRange(search)
  const keptName = `metrics:${name}:${range}`
  // The last visit's series show at once, with their age, until the live ones come.
  const [metrics, setMetrics] = useState<Metrics<T>>(() => {
    const { kept } = shelfOf<T>(keptName)
    return kept ? { status: 'ready', data: kept.value, message: '', loadedAt: kept.at } : { status: 'loading', data: undefined, message: '', loadedAt: null }
  })
  const [round, setRound] = useState(0)
  const loader = useRef(load)
  loader.current = load
  const [refresh] = useState(() => liveRefresh(() => setRound((n) => n + 1)))

  useEffect(() => {
    const controller = new AbortController()
    refresh.ran()
    setMetrics((old) => ({ ...old, status: old.data ? old.status : 'loading' }))
    const shelf = shelfOf<T>(keptName)
    void loader.current(range, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) shelf.keep(result.data)
      setMetrics((old) =>
        result.ok
          ? { status: 'ready', data: result.data, message: '', loadedAt: Date.now() }
          : { ...old, status: 'error', message: result.message },
      )
    })
    return () => controller.abort()
    // `refresh` is made once, with the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range, round])

  useEffect(() => {
    const stop = live.listen((event) => {
      if (event.type === 'device') refresh.heard()
      if (event.type === 'reset') setRound((n) => n + 1)
    })
    return () => {
      stop()
      refresh.cancel()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return {
    range,
    metrics,
    setRange: (next: MetricRange) => setSearch(writeRange(search, next)),
    reload: () => setRound((n) => n + 1),
  }
}
