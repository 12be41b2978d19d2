import type { Tunnel } from '../../contract/tunnels'
import type { t as translate } from '../../lib/i18n'
import { Badge } from '../../ui/badge'

export const deviceHref = (id: string) => `~/app/devices/details?id=${encodeURIComponent(id)}`

/** Where the device's agent connects: `host:port` (an IPv6 address in brackets). */
export const targetOf = (tunnel: Tunnel) => `${tunnel.target_host.includes(':') ? `[${tunnel.target_host}]` : tunnel.target_host}:${tunnel.local_port}`

/** Up or down, in words and in colour. */
export function TunnelStatus({ status, t }: { status: Tunnel['status']; t: typeof translate }) {
  return (
    <Badge tone={status === 'up' ? 'success' : 'muted'} hollow={status === 'down'}>
      {t(`tunnels.${status}`)}
    </Badge>
  )
}

/** Why a tunnel that is down is down: switched off, or its device's agent is not connected. */
export const downReason = (tunnel: Tunnel) => (tunnel.enabled ? 'tunnels.detail.notLinked' : 'tunnels.detail.disabled')
