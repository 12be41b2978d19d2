import { useEffect, useState } from 'react'
import type { TunnelRequest } from '../../contract/tunnels'
import { live } from '../../stores/live'
import { REQUESTS_PAGE, tunnelRequests } from './tunnels-api'

export interface TunnelRequests {
  status: 'loading' | 'ready' | 'error'
  rows: TunnelRequest[]
  message: string
  /** A full page came last: older ones may be there. */
  more: boolean
  olderBusy: boolean
  /** Requests that arrived live since the page opened. */
  arrived: number
}

const START: TunnelRequests = { status: 'loading', rows: [], message: '', more: false, olderBusy: false, arrived: 0 }

/** The tunnel's last requests, newest first: new ones arrive live, older ones page by page. */
export function useTunnelRequests(tunnelId: string) {
  const [state, setState] = useState<TunnelRequests>(START)
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    void tunnelRequests(tunnelId, undefined, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setState((old) =>
        result.ok
          ? { ...old, status: 'ready', rows: result.data, message: '', more: result.data.length >= REQUESTS_PAGE }
          : { ...old, status: old.status === 'ready' ? 'ready' : 'error', message: result.message },
      )
    })
    return () => controller.abort()
  }, [tunnelId, round])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'reset') return setRound((n) => n + 1)
        if (event.type !== 'tunnel' || event.data.tunnel !== tunnelId) return
        const { request } = event.data
        setState((old) => (old.rows.some((row) => row.id === request.id) ? old : { ...old, rows: [request, ...old.rows], arrived: old.arrived + 1 }))
      }),
    [tunnelId],
  )

  const loadOlder = async () => {
    const last = state.rows[state.rows.length - 1]
    if (!last || state.olderBusy) return
    setState((old) => ({ ...old, olderBusy: true }))
    const result = await tunnelRequests(tunnelId, last.id)
    setState((old) => {
      if (!result.ok) return { ...old, olderBusy: false, message: result.message }
      const known = new Set(old.rows.map((row) => row.id))
      return { ...old, olderBusy: false, message: '', rows: [...old.rows, ...result.data.filter((row) => !known.has(row.id))], more: result.data.length >= REQUESTS_PAGE }
    })
  }

  return { state, loadOlder, reload: () => setRound((n) => n + 1) }
}
