import { useEffect, useState } from 'react'
import type { UserRecord } from '../../contract/users'
import { live } from '../../stores/live'
import { usersApi } from './users-api'

export type UserViewState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: UserRecord; loadedAt: number }

/**
 * One member, read again quietly when they change elsewhere. Another organization's id, or a
 * member removed meanwhile, reads as missing.
 */
export function useUser(id: string) {
  const [state, setState] = useState<UserViewState>(id ? { status: 'loading' } : { status: 'missing' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    void usersApi.get(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) setState({ status: 'ready', user: result.data, loadedAt: Date.now() })
      else if (result.status === 404) setState({ status: 'missing' })
      else setState((old) => (old.status === 'ready' ? old : { status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [id, round])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'reset' || (event.type === 'change' && event.data.collection === 'users' && event.data.id === id)) setRound((n) => n + 1)
      }),
    [id],
  )

  return {
    state,
    reload: () => setRound((n) => n + 1),
    /** Shows `user` as it is now, e.g. the answer of a save; null when they left the organization. */
    replace: (user: UserRecord | null) => setState(user ? { status: 'ready', user, loadedAt: Date.now() } : { status: 'missing' }),
  }
}
