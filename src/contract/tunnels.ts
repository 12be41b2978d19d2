import { boolean, enums, object, optional, refine, string, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { Between } from './record-fields'
import { field, LIMITS, Text } from './validation'

/**
 * What a tunnel carries: `http`, a web page or API of the device reached at the console's
 * `/t/<tunnel>/`; `tcp`, any TCP service (SSH) reached through the agent run in client mode on the
 * operator's machine (`node agent.mjs connect <tunnel> --listen 127.0.0.1:2222`).
 */
export const PROTOCOLS = ['http', 'tcp'] as const
export type Protocol = (typeof PROTOCOLS)[number]

/** The target a tunnel reaches on the device's side when none is given: the device itself. */
export const DEFAULT_TARGET_HOST = '127.0.0.1'

export interface Tunnel extends BaseRecord {
  name: string
  device_id: string
  device_name: string
  protocol: Protocol
  /** The host the device's agent connects to, and to nothing else: `127.0.0.1` or a host of its network. */
  target_host: string
  /** The port on the target. */
  local_port: number
  /** `http`: the path under the console's origin (`/t/<id>/`); `tcp`: `tcp:<id>`, reached in client mode. */
  public_endpoint: string
  enabled: boolean
  /** Up only while enabled, its device enabled and the device's agent connected. */
  status: 'up' | 'down'
}

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`)
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/
const GROUPS = (part: string) => (part === '' ? [] : part.split(':'))

/** An IPv6 address as written without brackets: eight groups, or fewer around one `::`. */
function isIPv6(value: string): boolean {
  const halves = value.split('::')
  if (halves.length > 2) return false
  const groups = halves.flatMap(GROUPS)
  if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8
}

/** Whether `value` is a host name or an IPv4 or IPv6 address, without a port or a scheme. */
export const isTargetHost = (value: string) => IPV4.test(value) || isIPv6(value) || (HOST_NAME.test(value) && !/^[\d.]+$/.test(value))

/** A host name or an IPv4 or IPv6 address, without a port or a scheme. */
export const TargetHost = refine(string(), 'TargetHost', isTargetHost)

export const TunnelInput = object({
  name: Text(LIMITS.name),
  device_id: field('id', 64),
  protocol: enums(PROTOCOLS),
  /** Optional: `DEFAULT_TARGET_HOST` when left out. */
  target_host: optional(TargetHost),
  local_port: Between(1, 65535, true),
  enabled: boolean(),
})
export type TunnelInput = Infer<typeof TunnelInput>

/** The path prefix under which the console answers for its HTTP tunnels: `/t/<tunnel id>/...`. */
export const TUNNEL_PATH_PREFIX = '/t/'
/** The address of an HTTP tunnel under the console's origin. */
export const tunnelPath = (tunnelId: string) => `${TUNNEL_PATH_PREFIX}${tunnelId}/`

/** The agent's WebSockets: its link (`AGENT_LINK_PATH`), client mode's (`tunnelConnectPath`), the link's close codes (`LINK_CLOSE`). */
export { AGENT_LINK_PATH, LINK_CLOSE, tunnelConnectPath } from './tunnel-link'

/** What the console tells the agent on its link (the control stream): the targets its tunnels may reach. */
export interface LinkConfig {
  type: 'tunnels'
  tunnels: { id: string; protocol: Protocol; host: string; port: number }[]
}

/** What a stream's opening names: the tunnel whose target the agent connects to. */
export interface StreamOpen {
  tunnel: string
}

/** One request (HTTP) or connection (TCP) through a tunnel, as its inspector lists it; no bodies are kept. */
export interface TunnelRequest {
  id: string
  at: string
  kind: Protocol
  /** The HTTP method; '' for a TCP connection. */
  method: string
  /** The path and query under the tunnel's address, cut to `TUNNEL_REQUEST_PATH_MAX`; '' for TCP. */
  path: string
  /** The HTTP status answered; 0 for TCP or when no answer came. */
  status: number
  duration_ms: number
  /** Bytes from the caller to the device. */
  bytes_in: number
  /** Bytes from the device to the caller. */
  bytes_out: number
  client_ip: string
  /** Why it failed (down, refused by the target, a limit), '' when it did not. */
  error: string
}

/** The events stream's `tunnel` event: a request or connection through a tunnel ended (to holders of `tunnels`). */
export interface TunnelEvent {
  tunnel: string
  request: TunnelRequest
}

/**
 * Requests or connections one tunnel carries at once at most: one more is refused (429, "busy")
 * and logged, so one busy tunnel cannot take a link's every stream.
 */
export const TUNNEL_STREAMS_MAX = 32

/** The newest requests kept per tunnel, and for how long at most. */
export const TUNNEL_REQUESTS_KEPT = 200
export const TUNNEL_REQUESTS_DAYS = 7
export const TUNNEL_REQUEST_PATH_MAX = 512

/** `POST /tunnels/{id}/open`: a one-time address that signs the browser in to the tunnel. */
export interface TunnelOpened {
  /** `/t/<id>/?ticket=...`, under the console's origin; it works once, within `TUNNEL_TICKET_S`. */
  url: string
}
export const TUNNEL_TICKET_S = 60
/** The cookie a ticket leaves lasts this long at most (and no longer than the console session). */
export const TUNNEL_PASS_S = 12 * 3600
