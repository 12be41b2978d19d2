/**
 * Where a browser reaches an HTTP tunnel. A device's page must never run on the console's own
 * origin, where its scripts could read the signed-in operator's token: with a tunnel domain each
 * tunnel is served on a host of its own, `<tunnel id>.<domain>`, an origin of its own with a cookie
 * of its own; `/t/<id>/` then sends the browser there. Without one, `/t/<id>/` serves the page
 * sandboxed (an origin of no one's): safe, but a page that loads its own files with its pass does
 * not work, as the browser sends no cookie from a sandboxed page.
 */
export interface TunnelAddresses {
  /** The domain tunnels are served under (`tunnels.example.com`, `localhost:8080`), if any. */
  domain: string | undefined
  /** The tunnel a request's `Host` names (`<id>.<domain>`), or undefined. */
  idOfHost(host: string | undefined): string | undefined
  /** The origin of the tunnel's own host, or undefined without a domain. */
  originOf(tunnelId: string, proto: 'http' | 'https'): string | undefined
}

const LABEL = /^[0-9a-f][0-9a-f-]{0,62}$/

/**
 * The domain that applies: `TUNNEL_DOMAIN` when set (`''` turns hosts off); else, for a console
 * reached on `localhost` (no `PUBLIC_URL`, or one on localhost), `localhost:<port>`, as browsers
 * take every `*.localhost` for this machine; else none.
 */
export function tunnelDomainFor(configured: string | undefined, publicUrl: string | undefined, port: number): string | undefined {
  if (configured !== undefined) return configured.trim().toLowerCase() || undefined
  if (!publicUrl) return `localhost:${port}`
  const url = new URL(publicUrl)
  return url.hostname === 'localhost' ? url.host : undefined
}

/** The addresses of HTTP tunnels under `domain` (none: `/t/<id>/` alone, sandboxed). */
export function tunnelAddresses(domain: string | undefined): TunnelAddresses {
  const suffix = domain && `.${domain}`
  return {
    domain,
    idOfHost(host) {
      if (!suffix || !host) return undefined
      const lower = host.toLowerCase()
      if (!lower.endsWith(suffix)) return undefined
      const label = lower.slice(0, -suffix.length)
      return LABEL.test(label) ? label : undefined
    },
    originOf: (tunnelId, proto) => (domain ? `${proto}://${tunnelId.toLowerCase()}.${domain}` : undefined),
  }
}

/** `TUNNEL_DOMAIN` as a host name with an optional port; throws on anything else. */
export function parseTunnelDomain(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const domain = value.trim().toLowerCase()
  if (domain && !/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/.test(domain)) {
    throw new Error(`TUNNEL_DOMAIN must be a host name, with a port if not the default (tunnels.example.com, localhost:8080), got "${value}"`)
  }
  return domain
}
