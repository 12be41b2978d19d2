import type { EnrollmentKey } from '../../contract/enrollment'
import { Badge } from '../../ui/badge'
import { useT } from '../../ui/use-t'
import './texts'

export type EnrollmentKeyStatus = 'active' | 'used' | 'expired' | 'revoked'

/** Revoked for good, past its expiry, out of uses, or still enrolling devices. */
export function enrollmentKeyStatus(key: EnrollmentKey, now = Date.now()): EnrollmentKeyStatus {
  if (key.revoked_at) return 'revoked'
  if (Date.parse(key.expires_at) <= now) return 'expired'
  if (key.uses >= key.max_uses) return 'used'
  return 'active'
}

/** The key's state in words and in colour. */
export function EnrollmentKeyBadge({ status }: { status: EnrollmentKeyStatus }) {
  const t = useT()
  const tone = status === 'active' ? 'success' : status === 'revoked' ? 'muted' : 'warning'
  return (
    <Badge tone={tone} hollow={status === 'revoked'}>
      {t(`enrollmentKeys.status.${status}`)}
    </Badge>
  )
}
