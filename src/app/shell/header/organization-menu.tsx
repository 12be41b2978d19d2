import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { $session } from '../../../stores/session'

// Only members of several organizations need it, and the header is on the first /app load.
const OrganizationSwitcher = lazy(() => import('./organization-switcher'))

/**
 * The organization switcher, for members of more than one. Whenever the current organization
 * changes (here, on the organizations screen, or in another tab, which hears it live) the console
 * goes home, so no screen keeps the old organization's data.
 */
export function OrganizationMenu() {
  const user = useStore($session).user
  const [, navigate] = useLocation()
  const currentId = user?.organization.id ?? ''
  const seen = useRef(currentId)
  useEffect(() => {
    if (seen.current && currentId && seen.current !== currentId) navigate('~/app/home')
    seen.current = currentId
  }, [currentId, navigate])
  if ((user?.organizations?.length ?? 0) < 2) return null
  return (
    <Suspense fallback={null}>
      <OrganizationSwitcher />
    </Suspense>
  )
}
