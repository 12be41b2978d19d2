import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { $checking, $session } from '../../../stores/session'

// Only members of several organizations need it, and the header is on the first /app load.
const OrganizationSwitcher = lazy(() => import('./organization-switcher'))

/**
 * The organization switcher, for members of more than one. Whenever the current organization
 * changes (here, on the organizations screen, or in another tab, which hears it live) the console
 * goes home, so no screen keeps the old organization's data. The server saying, on a repeat visit,
 * that the user now works in another organization than the kept user's is no such change: the
 * address stays, and its screen is drawn again for the live organization (see app.tsx).
 */
export function OrganizationMenu() {
  const user = useStore($session).user
  const checking = useStore($checking)
  const [, navigate] = useLocation()
  const currentId = user?.organization.id ?? ''
  const seen = useRef({ id: currentId, checking })
  useEffect(() => {
    const { id, checking: wasKept } = seen.current
    if (id && currentId && id !== currentId && !wasKept) navigate('~/app/home')
    seen.current = { id: currentId, checking }
  }, [currentId, checking, navigate])
  if ((user?.organizations?.length ?? 0) < 2) return null
  return (
    <Suspense fallback={null}>
      <OrganizationSwitcher />
    </Suspense>
  )
}
