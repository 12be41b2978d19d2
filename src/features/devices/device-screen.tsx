import { useSearchParams } from 'wouter'
import { AuditTrail } from '../../ui/audit/audit-trail'
import '../../ui/device-texts'
import { lazyPart } from '../../ui/lazy-part'
import { RecordPending } from '../../ui/record/record-pending'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import { DeviceHistory } from './device-history'
import { DeviceSummary } from './device-summary'
import { DeviceTunnels } from './device-tunnels'
import { useDevice } from './use-device'
import s from './device-screen.module.css'

// The alerts section, with its texts, loads once the page shows: the device comes first.
const DeviceAlerts = lazyPart(() => import('./device-alerts').then((part) => part.DeviceAlerts))
// The credential, with the texts of joining, likewise.
// The status timeline likewise.
const DeviceTimeline = lazyPart(() => import('./device-timeline').then((part) => part.DeviceTimeline))
const DeviceCredentialSection = lazyPart(() => import('./device-credential').then((part) => part.DeviceCredentialSection))

/** `/app/devices/details?id=`: one device, its recent history, its credential, its alerts and its tunnels. */
export default function DeviceScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return <DeviceView key={id} id={id} />
}

function DeviceView({ id }: { id: string }) {
  const t = useT()
  const { state, reload, replace } = useDevice(id)
  if (state.status !== 'ready') {
    const texts = { loading: t('devices.detail.loading'), notFound: t('devices.detail.notFound'), back: t('devices.detail.back') }
    return <RecordPending state={state} reload={reload} texts={texts} backHref="/devices" />
  }
  const { record: device } = state
  return (
    <div className={s.detail}>
      <DeviceSummary device={device} loadedAt={state.loadedAt} onSaved={replace} onApproved={reload} />
      <DeviceHistory id={device.id} lastSeen={device.last_seen} />
      <DeviceTimeline id={device.id} lastSeen={device.last_seen} status={device.enabled ? device.status : 'disabled'} />
      <DeviceCredentialSection device={device} />
      <DeviceAlerts deviceId={device.id} />
      <DeviceTunnels deviceId={device.id} deviceStatus={device.status} />
      <AuditTrail collection="devices" recordId={device.id} perPage={5} />
    </div>
  )
}
