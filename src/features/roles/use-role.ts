import { useEffect, useState } from 'react'
import type { RoleRecord } from '../../contract/roles'
import { live } from '../../stores/live'
import { rolesApi } from './roles-api'

export type RoleState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; role: RoleRecord; loadedAt: number }

/**
 * One role, read again quietly when it changes elsewhere. Another organization's id, or one
 * deleted meanwhile, reads as missing.
 */
export function useRole(id: string) {
  const [state, setState] = useState<RoleState>(id ? { status: 'loading' } : { status: 'missing' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    void rolesApi.get(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) setState({ status: 'ready', role: result.data, loadedAt: Date.now() })
      else if (result.status === 404) setState({ status: 'missing' })
      else setState((old) => (old.status === 'ready' ? old : { status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [id, round])

  useEffect(
    () =>
      live.listen((event) => {
        // A user's roles changing moves the member count too.
        const mine = event.type === 'change' && (event.data.collection === 'users' || (event.data.collection === 'roles' && event.data.id === id))
        if (event.type === 'reset' || mine) setRound((n) => n + 1)
      }),
    [id],
  )

  return {
    state,
    reload: () => setRound((n) => n + 1),
    replace: (role: RoleRecord) => setState({ status: 'ready', role, loadedAt: Date.now() }),
  }
}
