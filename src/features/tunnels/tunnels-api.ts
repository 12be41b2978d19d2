import { call } from '../../api/client'
import { collection } from '../../api/collection'
import type { Device } from '../../contract/devices'
import type { Tunnel, TunnelInput, TunnelOpened, TunnelRequest } from '../../contract/tunnels'

export const tunnelsApi = collection<Tunnel, TunnelInput>('tunnels')
/** Read only, to pick a tunnel's device and to name the device a list is filtered by. */
export const devicesApi = collection<Device>('devices')

export { TUNNEL_LIST } from '../../ui/list/list-defaults'

/** Requests the inspector reads at a time. */
export const REQUESTS_PAGE = 50

/** `GET /tunnels/{id}/requests`: the newest requests first, those older than request `before` when given. */
export const tunnelRequests = (id: string, before?: string, signal?: AbortSignal) =>
  call<TunnelRequest[]>('GET', `/tunnels/${encodeURIComponent(id)}/requests`, { query: { limit: REQUESTS_PAGE, ...(before ? { before } : {}) }, signal })

/** `POST /tunnels/{id}/open`: a one-time address that lets this browser through the tunnel. */
export const openTunnel = (id: string) => call<TunnelOpened>('POST', `/tunnels/${encodeURIComponent(id)}/open`)

/** Where an HTTP tunnel answers, in full: its path (`/t/<id>/`) under the console's origin. */
export const tunnelAddress = (tunnel: Tunnel, origin: string = location.origin) => origin + tunnel.public_endpoint

export const tunnelHref = (id: string) => `~/app/tunnels/details?id=${encodeURIComponent(id)}`

/** What a `PUT` sends back: the fields a person sets, as the record has them. */
export const inputOf = (tunnel: Tunnel): TunnelInput => ({
  name: tunnel.name,
  device_id: tunnel.device_id,
  protocol: tunnel.protocol,
  target_host: tunnel.target_host,
  local_port: tunnel.local_port,
  enabled: tunnel.enabled,
})
