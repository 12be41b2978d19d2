import { Link } from 'wouter'
import type { Device } from '../../contract/devices'
import { Age } from '../../ui/age'
import '../../ui/device-texts'
import type { Column } from '../../ui/list/list-view'
import { deviceHref } from './devices-api'
import { StatusBadge, TagList } from './device-status'
import s from './devices-screen.module.css'

/**
 * The devices table: what an operator scans for, most telling first; narrow screens keep the first.
 * The serial, the firmware and when a device was added show when chosen, as the export holds them.
 */
export const deviceColumns = (t: (key: string) => string): Column<Device>[] => [
  {
    key: 'name',
    label: t('devices.fields.name'),
    sort: 'name',
    priority: 'high',
    render: (device) => (
      <Link href={deviceHref(device.id)} className={s.name}>
        {device.name}
      </Link>
    ),
  },
  { key: 'status', label: t('devices.fields.status'), sort: 'status', priority: 'high', render: (device) => <StatusBadge status={device.status} enabled={device.enabled} /> },
  { key: 'serial', label: t('devices.fields.serial'), sort: 'serial', priority: 'low', optional: true, render: (device) => <span className={s.mono}>{device.serial}</span> },
  { key: 'model', label: t('devices.fields.model'), sort: 'model', priority: 'low', render: (device) => device.model },
  { key: 'firmware', label: t('devices.fields.firmware'), sort: 'firmware', priority: 'low', optional: true, render: (device) => device.firmware || '—' },
  { key: 'location', label: t('devices.fields.location'), sort: 'location', priority: 'low', render: (device) => device.location || '—' },
  { key: 'ip', label: t('devices.fields.ip'), priority: 'low', render: (device) => (device.ip ? <span className={s.mono}>{device.ip}</span> : '—') },
  { key: 'last_seen', label: t('devices.fields.lastSeen'), sort: 'last_seen', render: (device) => <Age at={device.last_seen} className={s.age} /> },
  { key: 'tags', label: t('devices.fields.tags'), priority: 'low', render: (device) => <TagList tags={device.tags} /> },
  { key: 'created_at', label: t('devices.fields.created'), sort: 'created_at', priority: 'low', optional: true, render: (device) => <Age at={device.created_at} className={s.age} /> },
]
