import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { UserRole } from '../../contract/users'
import { live } from '../../stores/live'
import { $session } from '../../stores/session'
import { organizationRoles } from './users-api'

/**
 * The organization's roles, kept current as roles change; null while unknown and for a viewer
 * without the `roles` right, who cannot read them.
 */
export function useOrganizationRoles(): UserRole[] | null {
  const allowed = useStore($session).user?.rights.includes('roles') ?? false
  const [roles, setRoles] = useState<UserRole[] | null>(null)
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!allowed) {
      setRoles(null)
      return
    }
    const controller = new AbortController()
    void organizationRoles(controller.signal).then((found) => {
      if (!controller.signal.aborted) setRoles(found)
    })
    return () => controller.abort()
  }, [allowed, round])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'reset' || (event.type === 'change' && event.data.collection === 'roles')) setRound((n) => n + 1)
      }),
    [],
  )
  return roles
}
