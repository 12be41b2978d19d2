import { collection } from '../../api/collection'
import type { DeviceEvent } from '../../contract/collections'
import type { Device } from '../../contract/devices'
import type { Tunnel, TunnelInput } from '../../contract/tunnels'

export const tunnelsApi = collection<Tunnel, TunnelInput>('tunnels')
/** Read only, to pick a tunnel's device and to name the device a list is filtered by. */
export const devicesApi = collection<Device>('devices')

export { TUNNEL_LIST } from '../../ui/list/list-defaults'

/** A tunnel is up while it is enabled and its device online: a device event settles it at once. */
export function withDeviceStatus(row: Tunnel, event: DeviceEvent): Tunnel {
  if (row.device_id !== event.id) return row
  const status = row.enabled && event.status === 'online' ? 'up' : 'down'
  return status === row.status ? row : { ...row, status }
}

/** What a `PUT` sends back: the fields a person sets, as the record has them. */
export const inputOf = (tunnel: Tunnel): TunnelInput => ({
  name: tunnel.name,
  device_id: tunnel.device_id,
  protocol: tunnel.protocol,
  local_port: tunnel.local_port,
  enabled: tunnel.enabled,
})
