import { useEffect, useState } from 'react'
import { viewsOf } from '../../api/views'
import type { View, ViewCollection } from '../../contract/views'
import { live } from '../../stores/live'

export interface ViewsState {
  status: 'loading' | 'ready' | 'error'
  views: View[]
  message: string
}

/**
 * The saved views of one list the user may open, by name: read as the list's header shows, again
 * when a view changes anywhere in the organization or events were missed, or when asked.
 */
export function useViews(collection: ViewCollection) {
  const [state, setState] = useState<ViewsState>({ status: 'loading', views: [], message: '' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    void viewsOf(collection, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setState((old) => (result.ok ? { status: 'ready', views: result.data.rows, message: '' } : { ...old, status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [collection, round])
  useEffect(
    () =>
      live.listen((event) => {
        if ((event.type === 'change' && event.data.collection === 'views') || event.type === 'reset') setRound((n) => n + 1)
      }),
    [],
  )
  return { ...state, reload: () => setRound((n) => n + 1) }
}
