import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

/** What an answer that sets no policy of its own (every API answer) may do: nothing. */
export const DEFAULT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * Headers on every answer: no sniffing, no referrer, no framing, HSTS when served over https, and
 * a Content-Security-Policy unless the answer brought its own (the pages compute theirs).
 */
export function securityHeaders(options: { publicUrl?: string }): MiddlewareHandler {
  const https = options.publicUrl?.startsWith('https:') === true
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'no-referrer')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', DEFAULT_POLICY)
    if (https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}

/**
 * API answers carry tokens, secrets and tenants' records: no cache keeps them. The one exception is
 * an answer that declares itself `public` (a user's photo, at an address that changes with it).
 */
export const noStore = (): MiddlewareHandler => async (c, next) => {
  await next()
  if (/^public\b/.test(c.res.headers.get('Cache-Control') ?? '')) return
  c.res.headers.set('Cache-Control', 'no-store')
}

/**
 * CORS for the consoles served from `origins` (`CORS_ORIGINS`) only. Any other origin gets no CORS
 * header at all, so its pages can neither read the API's answers nor send it JSON.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler {
  const allowed = cors({
    origin: [...origins],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID', 'Idempotency-Key'],
    exposeHeaders: ['X-Total-Count', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
  })
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (origin && origins.includes(origin)) return allowed(c, next)
    await next()
    if (origins.length) c.res.headers.append('Vary', 'Origin')
  }
}
