import { isIP } from 'node:net'
import type { Context } from 'hono'
import type { WrittenEntries } from '../audit/live'
import type { Origin } from '../audit/trail'

/**
 * How many proxies in front of the server append to `X-Forwarded-For` (`TRUST_PROXY`); 0 means
 * none, and the header is ignored, as anyone can send it.
 */
export type TrustProxy = number

/** Browsers' user agents are long; what the sessions list, the sign-ins and the audit trail keep fits in this. */
export const USER_AGENT_MAX = 256

/** The caller's user agent as every record keeps it: cut at USER_AGENT_MAX, here and nowhere else. */
export const userAgentOf = (c: Context) => (c.req.header('User-Agent') ?? '').slice(0, USER_AGENT_MAX)

declare module 'hono' {
  interface ContextVariableMap {
    /** The trail entries the request wrote, announced once it succeeded (`announceAudits`). */
    written: WrittenEntries
  }
}

/** Where the request `c` comes from, as the trail records it, with the list its written entries go to. */
export const requestOrigin = (services: { clientAddress(c: Context): string }, c: Context): Origin => ({
  ip: services.clientAddress(c),
  userAgent: userAgentOf(c),
  written: c.get('written'),
})

const socketAddress = (c: Context): string | undefined => {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}

/** The address of the entry that the outermost trusted proxy appended, when it is an address. */
function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined
  const entries = header.split(',').map((entry) => entry.trim()).filter(Boolean)
  const candidate = entries[Math.max(0, entries.length - hops)]
  return candidate && isIP(candidate) ? candidate : undefined
}

/** The caller's address: the socket's, or the forwarded one behind trusted proxies; '' when unknown. */
export function clientAddress(c: Context, trustProxy: TrustProxy): string {
  const raw = forwardedAddress(c.req.header('X-Forwarded-For'), trustProxy) ?? socketAddress(c) ?? ''
  return raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
}

/** Who is asking, for throttling, from the caller's `address`: an IPv6 client holds a whole /64, so it counts as one. */
export function clientKey(address: string): string {
  if (!address) return 'unknown'
  if (isIP(address) !== 6) return address
  return expandIPv6(address).slice(0, 4).join(':') + '::/64'
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const missing = Math.max(0, 8 - left.length - right.length)
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => group.padStart(4, '0'))
}
