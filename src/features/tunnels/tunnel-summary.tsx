import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Tunnel } from '../../contract/tunnels'
import { $session } from '../../stores/session'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { deviceHref, targetOf, TunnelStatus } from './tunnel-values'
import { TunnelConnect } from './tunnel-connect'
import { TunnelEndpoint } from './tunnel-endpoint'
import { TunnelOpen } from './tunnel-open'
import s from './tunnel-screen.module.css'
import './texts'

/** What the tunnel is, whether it is up, and how to reach it: open it (HTTP) or the commands to run (TCP). */
export function TunnelSummary({ tunnel, loadedAt }: { tunnel: Tunnel; loadedAt: number }) {
  const t = useT()
  const canOpenDevice = useStore($session).user?.rights.includes('devices') ?? false
  const facts: [string, ReactNode][] = [
    [t('tunnels.device'), canOpenDevice ? <Link href={deviceHref(tunnel.device_id)}>{tunnel.device_name}</Link> : tunnel.device_name],
    [t('tunnels.protocol'), <span className={s.mono}>{tunnel.protocol.toUpperCase()}</span>],
    [
      t('tunnels.target'),
      <bdi className={s.mono} dir="ltr">
        {targetOf(tunnel)}
      </bdi>,
    ],
    [t('tunnels.status'), <TunnelStatus status={tunnel.status} t={t} />],
    [t('tunnels.endpoint'), <TunnelEndpoint tunnel={tunnel} />],
  ]
  return (
    <section className={s.card} aria-labelledby="tunnel-name">
      <div className={s.head}>
        <h2 id="tunnel-name" className={s.name}>
          {tunnel.name}
        </h2>
        <LiveStatus loadedAt={loadedAt} />
      </div>
      <dl className={s.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={s.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {tunnel.protocol === 'http' ? <TunnelOpen tunnel={tunnel} /> : <TunnelConnect tunnel={tunnel} />}
    </section>
  )
}
