import { useStore } from '@nanostores/react'
import { RECENT_CHANGES } from '../../contract/audit'
import { $session } from '../../stores/session'
import { AuditTrail } from '../../ui/audit/audit-trail'
import { useT } from '../../ui/use-t'

/**
 * The organization's latest changes that the viewer's rights let them see. It goes as soon as a
 * sign-out starts, so no request leaves with a token about to end.
 */
export default function RecentChanges() {
  const t = useT()
  const { loggedIn, loading } = useStore($session)
  if (!loggedIn || loading) return null
  return <AuditTrail perPage={RECENT_CHANGES} title={t('audit.recent')} />
}
