// What the agent may reach for the console: the targets of its device's tunnels, as the console's
// last `LinkConfig` named them, and nothing else; and how it says why a target could not be reached.
import type { LinkConfig, Protocol } from '../contract/tunnels'

export interface Target {
  protocol: Protocol
  host: string
  port: number
}

/** How long a connection to a target may take before the stream is reset. */
export const CONNECT_TIMEOUT_S = 10

const isPort = (port: unknown): port is number => Number.isInteger(port) && (port as number) >= 1 && (port as number) <= 65535

/** The targets of a `LinkConfig` by tunnel id; undefined when the message is not one (another control message). */
export function targetsOf(message: unknown): Map<string, Target> | undefined {
  const config = message as Partial<LinkConfig> | null
  if (!config || typeof config !== 'object' || config.type !== 'tunnels' || !Array.isArray(config.tunnels)) return undefined
  const targets = new Map<string, Target>()
  for (const tunnel of config.tunnels) {
    if (!tunnel || typeof tunnel.id !== 'string' || typeof tunnel.host !== 'string' || !tunnel.host || !isPort(tunnel.port)) continue
    if (tunnel.protocol !== 'http' && tunnel.protocol !== 'tcp') continue
    targets.set(tunnel.id, { protocol: tunnel.protocol, host: tunnel.host, port: tunnel.port })
  }
  return targets
}

/** The target a stream's opening header names through its tunnel; a header naming a host or port of its own is ignored. */
export function targetOf(targets: ReadonlyMap<string, Target>, header: unknown): Target | undefined {
  const tunnel = (header as { tunnel?: unknown } | null)?.tunnel
  return typeof tunnel === 'string' ? targets.get(tunnel) : undefined
}

/** `host:port`, with an IPv6 address in brackets. */
export const addressOf = (target: Pick<Target, 'host' | 'port'>): string => (target.host.includes(':') ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`)

/** The reason a stream is reset with when its target could not be reached, from the error's code. */
export function refusalOf(code: string | undefined, target: Pick<Target, 'host' | 'port'>): string {
  const address = addressOf(target)
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${address}`
    case 'ETIMEDOUT':
      return `no answer from ${address} within ${CONNECT_TIMEOUT_S} s`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${address} is unreachable`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `unknown host ${target.host}`
    default:
      return `cannot connect to ${address}${code ? ` (${code})` : ''}`
  }
}
