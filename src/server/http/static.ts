import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Hono, type Context } from 'hono'
import { ENCODING_SUFFIX, acceptedEncodings, contentType, resolveInside, type Encoding } from './files'
import { notFoundJson } from './errors'
import { pagePolicy } from './page-policy'

export interface StaticOptions {
  /** The console build: `assets/`, `pages/` and `manifest.json`. */
  dir: string
  /** Replaces the content of `<meta name="api-host">` in every page. */
  apiHost?: string
}

interface Manifest {
  pages: Record<string, string>
}

interface Page {
  mtimeMs: number
  etag: string
  /** The page's own Content-Security-Policy, with the hashes of its inline scripts and styles. */
  policy: string
  bodies: Partial<Record<Encoding | 'identity', Promise<Buffer>>>
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'"
const brotli = promisify<zlib.InputType, zlib.BrotliOptions, Buffer>(zlib.brotliCompress)
const gzip = promisify<zlib.InputType, zlib.ZlibOptions, Buffer>(zlib.gzip)
const compress: Record<Encoding, (html: Buffer) => Promise<Buffer>> = {
  br: (html) => brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (html) => gzip(html, { level: 9 }),
}
const statFile = (file: string) => fs.stat(file).then((s) => (s.isFile() ? s : undefined), () => undefined)
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

async function sendFile(c: Context, file: string, headers: Record<string, string>) {
  const body = await fs.readFile(file)
  return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Length': String(body.length) })
}

/** A built file, precompressed as the client accepts it. */
async function sendBuilt(c: Context, file: string, cacheControl: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'Cache-Control': cacheControl, Vary: 'Accept-Encoding', 'Content-Type': contentType(file), ...extra }
  for (const encoding of acceptedEncodings(c.req.header('Accept-Encoding'))) {
    const packed = file + ENCODING_SUFFIX[encoding]
    if (await statFile(packed)) {
      headers['Content-Encoding'] = encoding
      return sendFile(c, packed, headers)
    }
  }
  return sendFile(c, file, headers)
}

export function rewriteApiHost(html: string, apiHost: string): string {
  return html.replace(/<meta\b[^>]*\bname=["']api-host["'][^>]*>/gi, (tag) =>
    // A replacer function: a `$&` in the host is text, not a replacement pattern.
    tag.replace(/\bcontent=(["'])[^"']*\1/i, () => `content="${escapeAttribute(apiHost)}"`),
  )
}

/** Serves the built console: hashed assets forever, pages from the manifest, the 404 page. */
export function staticRoutes(options: StaticOptions) {
  const root = path.resolve(options.dir)
  const assetsDir = path.join(root, 'assets')
  const pagesDir = path.join(root, 'pages')
  let manifest: { mtimeMs: number; value: Manifest } | undefined
  const pages = new Map<string, Page>()

  async function readManifest(): Promise<Manifest | undefined> {
    const file = path.join(root, 'manifest.json')
    const stat = await statFile(file)
    if (!stat) return undefined
    if (manifest?.mtimeMs !== stat.mtimeMs) {
      const value = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Manifest>
      manifest = { mtimeMs: stat.mtimeMs, value: { pages: value.pages ?? {} } }
    }
    return manifest.value
  }

  async function sendPage(c: Context, name: string | undefined, status: 200 | 404) {
    const file = name === undefined ? undefined : resolveInside(pagesDir, name)
    const stat = file && (await statFile(file))
    if (!file || !stat) return notFoundJson(c)
    let page = pages.get(file)
    if (page?.mtimeMs !== stat.mtimeMs) {
      const raw = await fs.readFile(file, 'utf8')
      const text = options.apiHost === undefined ? raw : rewriteApiHost(raw, options.apiHost)
      const html = Buffer.from(text)
      const etag = createHash('sha256').update(html).digest('base64url').slice(0, 16)
      page = { mtimeMs: stat.mtimeMs, etag, policy: pagePolicy(text), bodies: { identity: Promise.resolve(html) } }
      pages.set(file, page)
    }
    const encoding = acceptedEncodings(c.req.header('Accept-Encoding'))[0]
    const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`
    const headers: Record<string, string> = {
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: etag,
      'Content-Security-Policy': page.policy,
    }
    if (status === 200 && c.req.header('If-None-Match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers)
    const identity = page.bodies.identity as Promise<Buffer>
    const body = encoding ? (page.bodies[encoding] ??= identity.then(compress[encoding])) : identity
    if (encoding) headers['Content-Encoding'] = encoding
    headers['Content-Type'] = 'text/html; charset=utf-8'
    return c.body(new Uint8Array(await body), status, headers)
  }

  const notFoundPage = async (c: Context) => sendPage(c, (await readManifest())?.pages['404'], 404)

  return new Hono()
    .get('/assets/*', async (c) => {
      const file = resolveInside(assetsDir, new URL(c.req.url).pathname.slice('/assets/'.length))
      if (!file || !(await statFile(file))) return notFoundPage(c)
      return sendBuilt(c, file, IMMUTABLE)
    })
    // The build's service worker: asked for again on every visit, so a new build is seen at once.
    .get('/sw.js', async (c) => {
      const file = path.join(root, 'sw.js')
      if (!(await statFile(file))) return notFoundPage(c)
      // A worker runs under its own script's policy: it fetches the console's files, nothing else.
      return sendBuilt(c, file, 'no-cache', { 'Content-Security-Policy': SERVICE_WORKER_POLICY })
    })
    .get('*', async (c) => {
      const found = await readManifest()
      if (!found) return notFoundJson(c)
      const pathname = new URL(c.req.url).pathname.replace(/(.)\/+$/, '$1')
      const listed = pathname.startsWith('/') && Object.hasOwn(found.pages, pathname) ? found.pages[pathname] : undefined
      if (listed) return sendPage(c, listed, 200)
      if (pathname === '/app' || pathname.startsWith('/app/')) return sendPage(c, found.pages.app, 200)
      return sendPage(c, found.pages['404'], 404)
    })
    // A form sent before the page's script took over (the forms post, so no password lands in
    // the address): back to the same page, which by then answers input.
    .post('*', async (c) => {
      const found = await readManifest()
      const url = new URL(c.req.url)
      const pathname = url.pathname.replace(/(.)\/+$/, '$1')
      if (found && Object.hasOwn(found.pages, pathname)) return c.redirect(pathname + url.search, 303)
      return notFoundPage(c)
    })
}
