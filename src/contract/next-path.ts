/** Where the console's signed-in area starts: a sign-in lands here unless `next` says where. */
export const APP_BASE = '/app'

const ORIGIN = 'http://console.invalid'

/**
 * Where to go after sign-in: `next` when it is a path on this site, else `/app`.
 * Protocol-relative (`//host`), absolute (`https://…`) and backslash tricks are refused.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f]/.test(next)) return APP_BASE
  try {
    const url = new URL(next, ORIGIN)
    // Dot segments can resolve to `//host` (`/app/..//evil.example`), itself protocol-relative.
    if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return APP_BASE
    return url.pathname + url.search + url.hash
  } catch {
    return APP_BASE
  }
}
