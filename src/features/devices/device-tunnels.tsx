import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { Tunnel } from '../../contract/tunnels'
import { messageText } from '../../lib/i18n'
import { live } from '../../stores/live'
import { $session } from '../../stores/session'
import '../../ui/device-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { deviceTunnelsHref, tunnelsApi } from './devices-api'
import card from './device-screen.module.css'
import s from './device-tunnels.module.css'

/** How many of the device's tunnels the detail view lists; the tunnels screen has them all. */
export const TUNNELS_SHOWN = 5

type Tunnels = { status: 'loading' | 'ready' | 'error'; rows: Tunnel[]; total: number; message: string }

/** The device's tunnels, for a user whose role opens tunnels; a tunnel is up while its device's agent holds its link (each change to it comes as a `change` of `tunnels`). */
export function DeviceTunnels({ deviceId, deviceStatus }: { deviceId: string; deviceStatus: string }) {
  const allowed = useStore($session).user?.rights.includes('tunnels') ?? false
  return allowed ? <TunnelList deviceId={deviceId} deviceStatus={deviceStatus} /> : null
}

function TunnelList({ deviceId, deviceStatus }: { deviceId: string; deviceStatus: string }) {
  const t = useT()
  const [tunnels, setTunnels] = useState<Tunnels>({ status: 'loading', rows: [], total: 0, message: '' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    const query = { filters: { device_id: [deviceId] }, sort: 'name', order: 'asc' as const, per_page: TUNNELS_SHOWN }
    void tunnelsApi.list(query, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setTunnels((old) => (result.ok ? { status: 'ready', ...result.data, message: '' } : { ...old, status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [deviceId, deviceStatus, round])

  useEffect(() => live.listen((event) => event.type === 'change' && event.data.collection === 'tunnels' && setRound((n) => n + 1)), [])

  return (
    <section className={card.card} aria-labelledby="device-tunnels">
      <div className={s.head}>
        <h3 id="device-tunnels" className={card.cardTitle}>
          {t('devices.tunnels.title')}
        </h3>
        <Link href={deviceTunnelsHref(deviceId)} className={s.all}>
          {t('devices.tunnels.all')}
        </Link>
      </div>
      {tunnels.status === 'loading' && <Spinner label={t('devices.tunnels.loading')} />}
      {tunnels.status === 'error' && <p className={card.muted}>{messageText(tunnels.message)}</p>}
      {tunnels.status === 'ready' && tunnels.total === 0 && <p className={card.muted}>{t('devices.tunnels.none')}</p>}
      {tunnels.rows.length > 0 && (
        <ul className={s.list}>
          {tunnels.rows.map((tunnel) => (
            <li key={tunnel.id} className={s.tunnel}>
              <span className={s.name}>{tunnel.name}</span>
              <span className={s.state} data-state={tunnel.status}>
                <span className={s.dot} aria-hidden="true" />
                {t(`devices.tunnels.${tunnel.status}`)}
              </span>
              <span className={s.route}>
                {t('devices.tunnels.route', { protocol: tunnel.protocol.toUpperCase(), port: tunnel.local_port })}
                <bdi className={s.endpoint}>{tunnel.public_endpoint}</bdi>
              </span>
            </li>
          ))}
        </ul>
      )}
      {tunnels.total > tunnels.rows.length && <p className={card.muted}>{t('devices.tunnels.more', { count: tunnels.total - tunnels.rows.length })}</p>}
    </section>
  )
}
