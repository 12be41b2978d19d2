import { Link, useSearchParams } from 'wouter'
import { messageText } from '../../lib/i18n'
import { AuditTrail } from '../../ui/audit/audit-trail'
import { Banner } from '../../ui/banner'
import { Button, buttonClass } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import { DeviceHistory } from './device-history'
import { DeviceSummary } from './device-summary'
import { DeviceTunnels } from './device-tunnels'
import { useDevice } from './use-device'
import s from './device-screen.module.css'

/** `/app/devices/details?id=`: one device, its recent history and its tunnels. */
export default function DeviceScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return <DeviceView key={id} id={id} />
}

function DeviceView({ id }: { id: string }) {
  const t = useT()
  const { state, reload, replace } = useDevice(id)
  if (state.status === 'loading') return <Spinner className={s.loading} label={t('devices.detail.loading')} />
  if (state.status === 'missing') {
    return (
      <section className={s.missing} aria-labelledby="device-missing">
        <h2 id="device-missing">{t('devices.detail.notFound')}</h2>
        <p>{t('record.notFound')}</p>
        <Link href="/devices" className={buttonClass('secondary')}>
          {t('devices.detail.back')}
        </Link>
      </section>
    )
  }
  if (state.status === 'error') {
    return (
      <Banner variant="error">
        {messageText(state.message)}{' '}
        <Button variant="text" onClick={reload}>
          {t('list.retry')}
        </Button>
      </Banner>
    )
  }
  const { device } = state
  return (
    <div className={s.detail}>
      <DeviceSummary device={device} loadedAt={state.loadedAt} onSaved={replace} />
      <DeviceHistory id={device.id} lastSeen={device.last_seen} />
      <DeviceTunnels deviceId={device.id} deviceStatus={device.status} />
      <AuditTrail collection="devices" recordId={device.id} perPage={5} />
    </div>
  )
}
