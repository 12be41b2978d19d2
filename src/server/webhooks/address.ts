import { BlockList, isIP } from 'node:net'
import type { MessageKey } from '../../contract/validation'

/** What a webhook may reach: `allowPrivate` is `WEBHOOKS_ALLOW_PRIVATE=1`; `ownPort` the port this server listens on. */
export interface ReachPolicy {
  allowPrivate: boolean
  ownPort?: number
}

const list = (entries: [string, number, 'ipv4' | 'ipv6'][]) => {
  const blocks = new BlockList()
  for (const [network, prefix, type] of entries) blocks.addSubnet(network, prefix, type)
  return blocks
}

/**
 * Never a receiver, whatever the setting: "this host" (0.0.0.0/8, ::), multicast, reserved and
 * broadcast. A mapped IPv6 form (::ffff:0.0.0.0) is held against the IPv4 entries too.
 */
const NEVER = list([
  ['0.0.0.0', 8, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
])

const LOOPBACK = list([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
])

const LINK_LOCAL = list([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
])

/**
 * Networks of one site or provider: the RFC 1918 ranges, shared address space (100.64/10),
 * benchmarking and protocol ranges, unique local IPv6 (fc00::/7), the deprecated site-local
 * (fec0::/10) and IPv4-compatible (::/96) forms, and NAT64 (64:ff9b::/96), which reaches IPv4.
 */
const PRIVATE = list([
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['::', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
])

/** An address as BlockList takes it: IPv6 without brackets or zone. */
const bare = (address: string) => address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')

/** What kind of address this is: `public`, or why a webhook may not reach it without the setting (or at all). */
export function classifyAddress(address: string): 'public' | 'never' | 'loopback' | 'link-local' | 'private' | 'invalid' {
  const ip = bare(address)
  const version = isIP(ip)
  if (!version) return 'invalid'
  const type = version === 4 ? 'ipv4' : 'ipv6'
  if (NEVER.check(ip, type)) return 'never'
  if (LOOPBACK.check(ip, type)) return 'loopback'
  if (LINK_LOCAL.check(ip, type)) return 'link-local'
  if (PRIVATE.check(ip, type)) return 'private'
  return 'public'
}

/** Why a webhook may not send to `address` under `policy` (a field message), or true. */
export function addressRule(address: string, policy: ReachPolicy): true | MessageKey {
  const kind = classifyAddress(address)
  if (kind === 'public') return true
  if (kind === 'invalid' || kind === 'never') return 'webhooks.urlNever'
  if (policy.allowPrivate) return true
  return kind === 'link-local' ? 'webhooks.urlLinkLocal' : 'webhooks.urlPrivate'
}

/** Names that always mean this machine, whatever a resolver says. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.localdomain'

/**
 * The server's rule for a webhook URL, on what the URL itself says (the host's DNS answers are
 * checked again at each send): https, or http only with the setting; a literal address or a
 * local name only where `addressRule` allows it; never this server's own port on loopback.
 * The URL parser has already turned decimal, octal and hex IPv4 forms (http://2130706433/) into
 * dotted ones, so they meet the same rule.
 */
export function webhookUrlAllowed(value: string, policy: ReachPolicy): true | MessageKey {
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
  if (isIP(host)) {
    const kind = classifyAddress(host)
    if (kind === 'loopback' && policy.ownPort === port) return 'webhooks.urlOwnServer'
    return addressRule(host, policy)
  }
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
export function resolvedAllowed(addresses: string[], port: number, policy: ReachPolicy): true | MessageKey {
  if (!addresses.length) return 'webhooks.urlNever'
  for (const address of addresses) {
    if (classifyAddress(address) === 'loopback' && policy.ownPort === port) return 'webhooks.urlOwnServer'
    const verdict = addressRule(address, policy)
    if (verdict !== true) return verdict
  }
  return true
}
