import { isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import ipaddr from 'ipaddr.js'
import type { MessageKey } from '../../contract/validation'

/** What a webhook may reach: `allowPrivate` is `WEBHOOKS_ALLOW_PRIVATE=1`; `ownPort` the port this server listens on. */
export interface ReachPolicy {
  allowPrivate: boolean
  ownPort?: number
}

/** From the strictest down: `own` is an address of one of this host's interfaces. */
export type AddressKind = 'invalid' | 'never' | 'loopback' | 'own' | 'link-local' | 'private' | 'public'
const STRICTNESS: AddressKind[] = ['invalid', 'never', 'loopback', 'own', 'link-local', 'private', 'public']
const strictest = (kinds: AddressKind[]): AddressKind => STRICTNESS.find((kind) => kinds.includes(kind)) ?? 'public'

/**
 * ipaddr.js's special-purpose ranges (the IANA registries) as kinds. `never`: nobody's receiver
 * (this host, multicast, broadcast, documentation, benchmarking, reserved, discard); a range not
 * named here, one a later ipaddr.js adds included, counts as private: only `unicast` is public.
 */
const RANGES: Record<string, AddressKind> = {
  unicast: 'public',
  unspecified: 'never',
  broadcast: 'never',
  multicast: 'never',
  reserved: 'never',
  benchmarking: 'never',
  discard: 'never',
  loopback: 'loopback',
  linkLocal: 'link-local',
}

/**
 * A local-use NAT64 network (RFC 8215) places the IPv4 where its own prefix length says, which
 * only that network knows: any of its addresses may stand for this host, so none is a receiver.
 */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48')

/** The IPv4 an address of a transition range carries (RFC 6052, 6145, 3056, 4380, 4291). */
function embedded(ip: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  const b = ip.toByteArray()
  const v4 = (...at: number[]) => new ipaddr.IPv4(at.map((i) => b[i]!))
  switch (range) {
    case 'rfc6145':
      return [v4(12, 13, 14, 15)]
    case '6to4':
      return [v4(2, 3, 4, 5)]
    case 'teredo':
      // The server, then the client's outside address, which is sent inverted.
      return [v4(4, 5, 6, 7), new ipaddr.IPv4([12, 13, 14, 15].map((i) => ~b[i]! & 0xff))]
    case 'rfc6052':
      return [v4(12, 13, 14, 15)]
    case 'unicast':
      // The deprecated IPv4-compatible form (::a.b.c.d).
      return b.slice(0, 12).every((byte) => byte === 0) ? [v4(12, 13, 14, 15)] : []
    default:
      return []
  }
}

/** The addresses of this host's interfaces, read afresh (they change with the network). */
export function hostAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((each) => each.address))
}

const normal = (ip: ipaddr.IPv4 | ipaddr.IPv6) => (ip.kind() === 'ipv6' ? ip.toNormalizedString() : ip.toString())

function kindOf(ip: ipaddr.IPv4 | ipaddr.IPv6, own: Set<string>): AddressKind {
  // A mapped address is the IPv4 itself; any other carrier is at least private.
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) return kindOf(ip.toIPv4Address(), own)
  if (ip.kind() === 'ipv6' && ip.match(LOCAL_NAT64)) return 'never'
  const range = ip.range() as string
  const kinds: AddressKind[] = [RANGES[range] ?? 'private']
  if (own.has(normal(ip))) kinds.push('own')
  if (ip instanceof ipaddr.IPv6) for (const v4 of embedded(ip, range)) kinds.push('private', kindOf(v4, own))
  return strictest(kinds)
}

/** An address as ipaddr.js takes it: IPv6 without brackets or zone. */
const bare = (address: string) => address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')

/**
 * The address parsed, or undefined when it is none. IPv6 goes through the URL parser's canonical
 * form first: ipaddr.js reads `::8.8.8.8` as `::ffff:8.8.8.8`, where the network reads `::808:808`.
 */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const ip = bare(address)
  const version = isIP(ip)
  if (version === 4) return ipaddr.IPv4.parse(ip)
  return version === 6 ? ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1)) : undefined
}

/**
 * What kind of address this is: `public`, or why a webhook may not reach it without the setting
 * (or at all). An address that carries an IPv4 (mapped, compatible, SIIT, NAT64, 6to4, Teredo) is
 * as strict as the strictest address it carries; `own` lists this host's addresses.
 */
export function classifyAddress(address: string, own: string[] = hostAddresses()): AddressKind {
  const ip = parsed(address)
  if (!ip) return 'invalid'
  const owned = own.flatMap((each) => {
    const mine = parsed(each)
    return mine ? [normal(mine instanceof ipaddr.IPv6 && mine.isIPv4MappedAddress() ? mine.toIPv4Address() : mine)] : []
  })
  return kindOf(ip, new Set(owned))
}

/** Why a webhook may not send to `address` on `port` under `policy` (a field message), or true. */
export function addressRule(address: string, port: number | undefined, policy: ReachPolicy, own?: string[]): true | MessageKey {
  const kind = classifyAddress(address, own)
  if (kind === 'invalid' || kind === 'never') return 'webhooks.urlNever'
  // The server listens on every address of the host, whatever name the URL gives.
  if ((kind === 'loopback' || kind === 'own') && port !== undefined && policy.ownPort === port) return 'webhooks.urlOwnServer'
  if (kind === 'public' || policy.allowPrivate) return true
  return kind === 'link-local' ? 'webhooks.urlLinkLocal' : 'webhooks.urlPrivate'
}

/** Names that always mean this machine, whatever a resolver says. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.localdomain'

/**
 * The server's rule for a webhook URL, on what the URL itself says (the host's DNS answers are
 * checked again at each send): https, or http only with the setting; a literal address or a
 * local name only where `addressRule` allows it; never this server's own port on any of its
 * addresses. The URL parser has already turned decimal, octal and hex IPv4 forms
 * (http://2130706433/) into dotted ones, so they meet the same rule.
 */
export function webhookUrlAllowed(value: string, policy: ReachPolicy, own?: string[]): true | MessageKey {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'webhooks.urlShape'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhooks.urlShape'
  if (url.protocol === 'http:' && !policy.allowPrivate) return 'webhooks.urlHttps'
  const host = bare(url.hostname).toLowerCase().replace(/\.$/, '')
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  if (isIP(host)) return addressRule(host, port, policy, own)
  if (isLocalName(host)) {
    if (policy.ownPort === port) return 'webhooks.urlOwnServer'
    return policy.allowPrivate ? true : 'webhooks.urlPrivate'
  }
  if (!host.includes('.') && !policy.allowPrivate) return 'webhooks.urlPrivate'
  return true
}

/**
 * Whether the resolved addresses of a host may be reached: every one must be, so a name that
 * answers one public and one private address (DNS rebinding) is refused.
 */
export function resolvedAllowed(addresses: string[], port: number, policy: ReachPolicy, own: string[] = hostAddresses()): true | MessageKey {
  if (!addresses.length) return 'webhooks.urlNever'
  for (const address of addresses) {
    const verdict = addressRule(address, port, policy, own)
    if (verdict !== true) return verdict
  }
  return true
}
