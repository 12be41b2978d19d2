import { clsx } from 'clsx'
import { EXPIRING_SOON_DAYS, type AccessKey } from '../../contract/access-keys'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { useT } from '../../ui/use-t'
import s from './access-keys.module.css'
import './texts'

const DAY_MS = 86_400_000

export type KeyStatus = 'active' | 'expired' | 'revoked'

/** Revoked for good, past its expiry, or working. */
export function keyStatus(key: AccessKey, now = Date.now()): KeyStatus {
  if (key.revoked_at) return 'revoked'
  if (key.expires_at && Date.parse(key.expires_at) <= now) return 'expired'
  return 'active'
}

/** A working key that stops within EXPIRING_SOON_DAYS: someone should issue its successor. */
export const expiresSoon = (key: AccessKey, now = Date.now()): boolean =>
  keyStatus(key, now) === 'active' && key.expires_at !== null && Date.parse(key.expires_at) - now <= EXPIRING_SOON_DAYS * DAY_MS

/** Active, expired or revoked, in words and in colour. */
export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const t = useT()
  return (
    <Badge tone={status === 'active' ? 'success' : status === 'expired' ? 'warning' : 'muted'} hollow={status === 'revoked'}>
      {t(`accessKeys.${status}`)}
    </Badge>
  )
}

/** When the key stops working ("in 5 d", "never"), marked in words when that is soon. */
export function KeyExpiry({ accessKey }: { accessKey: AccessKey }) {
  const t = useT()
  const soon = expiresSoon(accessKey)
  return (
    <span className={clsx(s.expiry, soon && s.soon)}>
      <Age at={accessKey.expires_at} />
      {soon && (
        <span className={s.soonMark}>
          <span className={s.soonIcon} aria-hidden="true">
            !
          </span>
          {t('accessKeys.soon')}
        </span>
      )}
    </span>
  )
}
