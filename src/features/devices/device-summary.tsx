import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import type { Device } from '../../contract/devices'
import { Age } from '../../ui/age'
import { Banner } from '../../ui/banner'
import '../../ui/device-texts'
import { lazyPart } from '../../ui/lazy-part'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { DeviceActions } from './device-actions'
import { StatusBadge, TagList } from './device-status'
import card from './device-screen.module.css'
import s from './device-summary.module.css'

// Approve and Refuse, with the texts of joining, load only for a device that waits for approval.
const DeviceApproval = lazyPart(() => import('./device-approval').then((part) => part.DeviceApproval))

const orDash = (value: ReactNode) => (value === '' || value === null ? '—' : value)

/** The device's name, live status and facts, with the way to edit or delete it. */
export function DeviceSummary({ device, loadedAt, onSaved, onApproved }: { device: Device; loadedAt: number; onSaved: (device: Device) => void; onApproved: () => void }) {
  const t = useT()
  const facts: [string, ReactNode][] = [
    ['serial', <span className={s.mono}>{device.serial}</span>],
    ['model', device.model],
    ['location', orDash(device.location)],
    ['ip', device.ip ? <span className={s.mono}>{device.ip}</span> : '—'],
    ['firmware', orDash(device.firmware)],
    ['os', orDash(device.os)],
    ['lastSeen', <Age at={device.last_seen} />],
    ['tags', device.tags.length ? <TagList tags={device.tags} /> : '—'],
    ['created', <Age at={device.created_at} />],
    ['updated', <Age at={device.updated_at} />],
  ]
  return (
    <section className={clsx(card.card, s.summary)} aria-labelledby="device-name">
      <div className={s.head}>
        <div className={s.title}>
          <h2 id="device-name" className={s.name}>
            {device.name}
          </h2>
          <StatusBadge status={device.status} enabled={device.enabled} />
        </div>
        <LiveStatus loadedAt={loadedAt} />
        <DeviceActions device={device} onSaved={onSaved} />
      </div>
      {device.status === 'pending' && <DeviceApproval device={device} onApproved={onApproved} />}
      {!device.enabled && (
        <Banner variant="info">
          {t('devices.disabledNote')}
        </Banner>
      )}
      <dl className={s.facts}>
        {facts.map(([key, value]) => (
          <div key={key} className={s.fact}>
            <dt>{t(`devices.fields.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
