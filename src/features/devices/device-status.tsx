import type { DeviceStatus } from '../../contract/devices'
import { Badge, type BadgeTone } from '../../ui/badge'
import { useT } from '../../ui/use-t'
import s from './device-status.module.css'
import './texts'

const TONES: Record<DeviceStatus, BadgeTone> = { online: 'success', offline: 'muted', provisioning: 'info', error: 'error' }

/** A device's status as a coloured badge that always says it in words too. */
export function StatusBadge({ status, className }: { status: DeviceStatus; className?: string }) {
  const t = useT()
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
