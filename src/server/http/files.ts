import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
}

export const contentType = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'

/**
 * The file `urlPath` (still percent-encoded, relative, `/`-separated) names inside `root`, or
 * undefined when it could name anything outside: dot segments, encoded separators, NUL bytes.
 */
export function resolveInside(root: string, urlPath: string): string | undefined {
  const segments: string[] = []
  for (const raw of urlPath.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined
    segments.push(segment)
  }
  const base = path.resolve(root)
  const file = path.resolve(base, ...segments)
  return file.startsWith(base + path.sep) ? file : undefined
}

export type Encoding = 'br' | 'gzip'

export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** The encodings the client accepts (q > 0), best first: br, then gzip. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    q.set(name.trim(), weight === undefined ? 1 : Number(weight))
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0
  return (['br', 'gzip'] as const).filter(accepts)
}
