import { clsx } from 'clsx'
import type { DeviceStatus } from '../../contract/devices'
import { useT } from '../../ui/use-t'
import s from './device-status.module.css'

/** A device's status as a coloured badge that always says it in words too. */
export function StatusBadge({ status, className }: { status: DeviceStatus; className?: string }) {
  const t = useT()
  return (
    <span className={clsx(s.badge, s[status], className)}>
      <span className={s.dot} aria-hidden="true" />
      {t(`devices.status.${status}`)}
    </span>
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
