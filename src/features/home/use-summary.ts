import { useCallback, useEffect, useRef, useState } from 'react'
import { call } from '../../api/client'
import type { Right } from '../../contract/rights'
import { SUMMARY_PATH, type Summary } from '../../contract/summary'
import { shelfOf } from '../../stores/kept'
import { live, type LiveEvent } from '../../stores/live'

/** Events closer together than this ask the server once: at most one request per this many ms. */
export const SUMMARY_THROTTLE_MS = 2000

/** The name the last figures are kept under in the browser. */
const KEPT_SUMMARY = 'summary'

/** The rights whose figures the summary holds. */
export const SUMMARY_RIGHTS: readonly Right[] = ['devices', 'tunnels', 'access_keys', 'app_ids', 'billing', 'alerts']

export interface SummaryState {
  status: 'loading' | 'ready' | 'error'
  summary: Summary | null
  message: string
}

/** Whether `event` may change a figure the holder of `rights` sees. */
export function touchesSummary(event: LiveEvent, rights: readonly Right[]): boolean {
  const billing = rights.includes('billing')
  if (event.type === 'reset') return true
  // A device's status moves the device figures and the tunnels that are up; its heartbeats the traffic.
  if (event.type === 'device') return billing || rights.includes('devices') || rights.includes('tunnels')
  if (event.type !== 'change') return false
  switch (event.data.collection) {
    case 'devices':
      // A device deleted takes its tunnels along; devices count against the plan.
      return billing || rights.includes('devices') || rights.includes('tunnels')
    case 'tunnels':
      return billing || rights.includes('tunnels')
    case 'access_keys':
    case 'app_ids':
      return rights.includes(event.data.collection)
    case 'organizations':
      // The plan changed.
      return billing
    case 'alerts':
      // An alert fired or ended (the stream carries these to readers of alerts alone).
      return rights.includes('alerts') || rights.includes('devices')
    default:
      return false
  }
}

/**
 * The home screen's figures: asked once, again when the rights change, and again when an event
 * may have moved one, throttled so a busy fleet costs one request per `SUMMARY_THROTTLE_MS`.
 */
export function useSummary(rights: readonly Right[]) {
  // The figures of the last visit show at once, with their own age, until the live ones come.
  const [state, setState] = useState<SummaryState>(() => {
    const { kept } = shelfOf<Summary>(KEPT_SUMMARY)
    return kept ? { status: 'ready', summary: kept.value, message: '' } : { status: 'loading', summary: null, message: '' }
  })
  const rightsKey = [...rights].sort().join(',')
  const lastAsked = useRef(-Infinity)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const controller = useRef<AbortController | undefined>(undefined)

  const load = useCallback(() => {
    controller.current?.abort()
    const mine = new AbortController()
    controller.current = mine
    lastAsked.current = Date.now()
    const shelf = shelfOf<Summary>(KEPT_SUMMARY)
    void call<Summary>('GET', SUMMARY_PATH, { signal: mine.signal }).then((result) => {
      if (mine.signal.aborted) return
      if (result.ok && result.data && typeof result.data.generated_at === 'string') shelf.keep(result.data)
      setState((old) =>
        result.ok && result.data && typeof result.data.generated_at === 'string'
          ? { status: 'ready', summary: result.data, message: '' }
          : { ...old, status: old.summary ? 'ready' : 'error', message: result.ok ? '' : result.message },
      )
    })
  }, [])

  /** Asks now, or at the end of the throttle when the last request was too recent; once however often called. */
  const schedule = useCallback(() => {
    if (timer.current !== undefined) return
    const wait = Math.max(0, lastAsked.current + SUMMARY_THROTTLE_MS - Date.now())
    timer.current = setTimeout(() => {
      timer.current = undefined
      load()
    }, wait)
  }, [load])

  useEffect(() => {
    if (!rightsKey) return
    const held = rightsKey.split(',') as Right[]
    // The first request goes at once; after a change of rights it waits its turn.
    if (lastAsked.current === -Infinity) load()
    else schedule()
    const stop = live.listen((event) => {
      if (touchesSummary(event, held)) schedule()
    })
    return () => {
      stop()
      clearTimeout(timer.current)
      timer.current = undefined
      // A request in flight when the rights go (a sign-out starting) must not come back with an ended token.
      controller.current?.abort()
    }
  }, [rightsKey, load, schedule])

  const retry = useCallback(() => {
    setState((old) => ({ ...old, status: 'loading' }))
    load()
  }, [load])
  return { ...state, retry }
}
