import type { DeviceStatus } from '../../contract/devices'
import { Badge, type BadgeTone } from '../../ui/badge'
import '../../ui/device-texts'
import { useT } from '../../ui/use-t'
import s from './device-status.module.css'

const TONES: Record<DeviceStatus, BadgeTone> = { online: 'success', offline: 'muted', provisioning: 'info', error: 'error', pending: 'warning' }

/**
 * A device's status as a coloured badge that always says it in words too; a disabled device says
 * so instead (it is offline because an operator chose it, not because it went dark).
 */
export function StatusBadge({ status, enabled = true, className }: { status: DeviceStatus; enabled?: boolean; className?: string }) {
  const t = useT()
  if (!enabled)
    return (
      <Badge tone="muted" className={className}>
        {t('devices.disabled')}
      </Badge>
    )
  return (
    <Badge tone={TONES[status]} hollow={status === 'offline'} className={className}>
      {t(`devices.status.${status}`)}
    </Badge>
  )
}

/** A device's tags as small chips. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null
  return (
    <ul className={s.tags}>
      {tags.map((tag) => (
        <li key={tag} className={s.tag}>
          {tag}
        </li>
      ))}
    </ul>
  )
}
