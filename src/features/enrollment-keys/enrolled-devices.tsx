import { Link } from 'wouter'
import type { Device } from '../../contract/devices'
import { Badge, type BadgeTone } from '../../ui/badge'
import '../../ui/device-texts'
import { useT } from '../../ui/use-t'
import { useEnrolledDevices } from './use-enrolled-devices'
import s from './enrollment-keys.module.css'
import './texts'

const TONES: Record<string, BadgeTone> = { online: 'success', offline: 'muted', provisioning: 'info', error: 'error', pending: 'warning' }

/** The devices this key enrolled, appearing and changing live as they join and report. */
export function EnrolledDevices({ keyId }: { keyId: string }) {
  const t = useT()
  const { devices, loaded } = useEnrolledDevices(keyId)
  return (
    <section className={s.enrolled} aria-labelledby={`enrolled-${keyId}`}>
      <h3 id={`enrolled-${keyId}`} className={s.enrolledTitle}>
        {t('enrollmentKeys.enrolled', { n: devices.length })}
      </h3>
      <p role="status" className={s.hint}>
        {loaded && devices.length === 0 ? t('enrollmentKeys.noneYet') : ''}
      </p>
      {devices.length > 0 && (
        <ul className={s.deviceList}>
          {devices.map((device: Device) => (
            <li key={device.id} className={s.device}>
              <Link href={`~/app/devices/details?id=${encodeURIComponent(device.id)}`} className={s.name}>
                {device.name}
              </Link>
              <code className={s.mono} dir="ltr">
                {device.serial}
              </code>
              <Badge tone={TONES[device.status] ?? 'info'} hollow={device.status === 'offline'}>
                {t(`devices.status.${device.status}`)}
              </Badge>
              {device.ip && (
                <span className={s.mono} dir="ltr">
                  {device.ip}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
