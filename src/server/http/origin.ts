import type { Context } from 'hono'

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]'

/**
 * The console's origin for links that leave by mail or redirect: `PUBLIC_URL`, else the request's
 * own origin only when it is this machine. Any other `Host` header may be an attacker's, so such a
 * request gets `http://localhost:<port>`, never a link to where the header points.
 */
export function linkOrigin(c: Context, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '')
  const url = new URL(c.req.url)
  if (isLoopback(url.hostname)) return url.origin
  const env = c.env as { incoming?: { socket?: { localPort?: number } } } | undefined
  const port = env?.incoming?.socket?.localPort
  return `http://localhost${port ? `:${port}` : ''}`
}
