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

/** The share of a key's life left when it starts to count as ending soon. */
export const SOON_SHARE = 0.2

/**
 * A working key in the last part of its life: under a fifth of it left, and at most
 * EXPIRING_SOON_DAYS. Someone should issue its successor; a 7-day key just made is not yet news.
 */
export function expiresSoon(key: AccessKey, now = Date.now()): boolean {
  if (keyStatus(key, now) !== 'active' || key.expires_at === null) return false
  const end = Date.parse(key.expires_at)
  const life = end - Date.parse(key.created_at)
  const window = Math.min(EXPIRING_SOON_DAYS * DAY_MS, Number.isFinite(life) && life > 0 ? life * SOON_SHARE : Infinity)
  return end - now <= window
}

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
