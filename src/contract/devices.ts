import { array, boolean, enums, object, refine, string, type Infer } from 'superstruct'
import { described, optional, size } from './json-schema'
import type { BaseRecord } from './collections'
import { Between, OptionalText } from './record-fields'
import { field, LIMITS, Text } from './validation'

import type { DeviceStatus } from './device-status'

export { DEVICE_STATUSES, type DeviceStatus } from './device-status'

export interface Device extends BaseRecord {
  name: string
  serial: string
  model: string
  status: DeviceStatus
  ip: string
  firmware: string
  /** The operating system the device last reported (`Debian GNU/Linux 12 (bookworm)`); '' until then. */
  os: string
  location: string
  tags: string[]
  /** False while the device is disabled: its heartbeats are refused and it stays offline. */
  enabled: boolean
  last_seen: string | null
  /** The enrollment key the device joined with; null when it was made by hand. */
  enrolled_by: string | null
}

export const Serial = described(field('serial', 64, (value) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value.trim()) || 'fields.serial'), {
  pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9._-]*\\s*$',
})
/** One tag of a device: a letter or digit first, then letters, digits, spaces, `.`, `_`, `-`; at most 32. */
export const Tag = described(field('tag', 32, (value) => /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(value.trim()) || 'fields.tag'), {
  pattern: '^\\s*[\\p{L}\\p{N}][\\p{L}\\p{N} ._-]*\\s*$',
})

/** The most tags a device holds. */
export const MAX_TAGS = 16
/** Where a device is, as a person writes it; may be empty. */
export const Location = OptionalText(LIMITS.name)

/**
 * What a person sets on a device; status, IP, firmware and last seen come from its heartbeats.
 * `enabled` left out keeps what the device has (a new device is enabled); false disables it, which
 * sets it offline and refuses its heartbeats until it is enabled again.
 */
export const DeviceInput = object({
  name: Text(LIMITS.name),
  serial: Serial,
  model: Text(80),
  location: Location,
  tags: size(array(Tag), 0, MAX_TAGS),
  enabled: optional(boolean()),
})
export type DeviceInput = Infer<typeof DeviceInput>

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/
const IPV6 = /^[0-9a-f:.]{2,45}$/i
const Ip = described(
  refine(string(), 'ip', (value) => (value.length <= 45 && (IPV4.test(value) || (value.includes(':') && IPV6.test(value)))) || 'fields.ip'),
  { type: 'string', maxLength: 45, description: 'An IPv4 or IPv6 address.' },
)

/**
 * `POST /devices/{id}/heartbeat`, sent by the device with its credential (or an access key holding
 * `devices`). Every reading is optional, so a device sends what it can read (`{}` is a beat); an
 * address, firmware or OS left out keeps what the device had, a metric left out is no reading.
 */
export const HeartbeatBody = object({
  status: optional(enums(['online', 'error'] as const)),
  ip: optional(Ip),
  os: optional(Text(80)),
  firmware: optional(field('firmware', 40)),
  metrics: optional(
    object({
      latency_ms: optional(Between(0, 60_000)),
      bytes_in: optional(Between(0, 1e12, true)),
      bytes_out: optional(Between(0, 1e12, true)),
      cpu: optional(Between(0, 100)),
      memory: optional(Between(0, 100)),
    }),
  ),
})
export type HeartbeatBody = Infer<typeof HeartbeatBody>

/** One point of a device's recent history, as the detail view's sparklines read it; null where no beat carried the reading. */
export interface DeviceSample {
  at: string
  latency_ms: number | null
  bytes_in: number | null
  bytes_out: number | null
}
