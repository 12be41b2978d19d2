import { boolean, enums, object, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { Between } from './record-fields'
import { field, LIMITS, Text } from './validation'

export const PROTOCOLS = ['tcp', 'udp', 'http', 'https'] as const
export type Protocol = (typeof PROTOCOLS)[number]

export interface Tunnel extends BaseRecord {
  name: string
  device_id: string
  device_name: string
  protocol: Protocol
  local_port: number
  /** Assigned by the server: `tcp://t-ab12cd.tunnels.example:40123` or `https://t-ab12cd.tunnels.example`. */
  public_endpoint: string
  enabled: boolean
  /** Up only while enabled and its device online. */
  status: 'up' | 'down'
}

export const TunnelInput = object({
  name: Text(LIMITS.name),
  device_id: field('id', 64),
  protocol: enums(PROTOCOLS),
  local_port: Between(1, 65535, true),
  enabled: boolean(),
})
export type TunnelInput = Infer<typeof TunnelInput>
