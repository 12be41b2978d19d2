import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { OPENAPI_PATH } from '../../contract/paths'
import { acceptedEncodings, type Encoding } from '../http/files'
import { Hono } from 'hono'
import { buildDocument } from './document'
import { describe } from './registry'

/** Where the description is served, relative to `/api`. */
export { OPENAPI_PATH }

describe({
  method: 'get',
  path: OPENAPI_PATH,
  tag: 'Console',
  summary: 'This description',
  description:
    'The OpenAPI 3.1 description of every route under `/api`, generated from the contract\'s structs and the routes\' own declarations. Cached an hour; its `ETag` changes with it. Sent compressed (br or gzip) to a client that accepts it.',
  caller: 'public',
  answers: {
    200: { description: 'The description.', body: { type: 'object', required: ['openapi', 'paths'] } },
    304: 'Not changed since the `ETag` sent in `If-None-Match`.',
  },
})

const brotli = promisify<zlib.InputType, zlib.BrotliOptions, Buffer>(zlib.brotliCompress)
const gzip = promisify<zlib.InputType, zlib.ZlibOptions, Buffer>(zlib.gzip)
/** The description is some 300 KB of JSON and some 20 KB compressed: on a kiosk's slow link, seconds apart. */
const compress: Record<Encoding, (text: string) => Promise<Buffer>> = {
  br: (text) => brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
  gzip: (text) => gzip(text, { level: 9 }),
}

/**
 * `GET /openapi.json`: the description the build wrote, or else built once from every route group's
 * declarations, compressed once per encoding as clients accept it (each encoding its own `ETag`).
 * The app registers this group last, once every other group has declared its routes.
 */
export function openApiRoutes(written?: string) {
  let built: { text: string; etag: string; packed: Partial<Record<Encoding, Promise<Buffer>>> } | undefined
  const document = () => {
    if (!built) {
      const text = written ?? JSON.stringify(buildDocument())
      built = { text, etag: createHash('sha256').update(text).digest('base64url').slice(0, 22), packed: {} }
    }
    return built
  }
  return new Hono().get(OPENAPI_PATH, async (c) => {
    const { text, etag, packed } = document()
    const encoding = acceptedEncodings(c.req.header('Accept-Encoding'))[0]
    const tag = `"${etag}${encoding ? `-${encoding}` : ''}"`
    const headers: Record<string, string> = { 'Cache-Control': 'public, max-age=3600', Vary: 'Accept-Encoding', ETag: tag }
    if (c.req.header('If-None-Match')?.split(/\s*,\s*/).includes(tag)) return c.body(null, 304, headers)
    headers['Content-Type'] = 'application/json; charset=utf-8'
    if (!encoding) return c.body(text, 200, headers)
    // A failed compression is not kept: the next request tries again.
    const body = (packed[encoding] ??= compress[encoding](text).catch((error: unknown) => {
      delete packed[encoding]
      throw error
    }))
    return c.body(new Uint8Array(await body), 200, { ...headers, 'Content-Encoding': encoding })
  })
}
