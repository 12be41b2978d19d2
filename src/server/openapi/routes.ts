import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { buildDocument } from './document'
import { describe } from './registry'

/** Where the description is served, relative to `/api`. */
export const OPENAPI_PATH = '/openapi.json'

describe({
  method: 'get',
  path: OPENAPI_PATH,
  tag: 'Console',
  summary: 'This description',
  description: 'The OpenAPI 3.1 description of every route under `/api`, generated from the contract\'s structs and the routes\' own declarations. Cached an hour; its `ETag` changes with it.',
  caller: 'public',
  answers: {
    200: { description: 'The description.', body: { type: 'object', required: ['openapi', 'paths'] } },
    304: 'Not changed since the `ETag` sent in `If-None-Match`.',
  },
})

/**
 * `GET /openapi.json`: the description the build wrote, or else built once from every route group's
 * declarations. The app registers this group last, once every other group has declared its routes.
 */
export function openApiRoutes(written?: string) {
  let built: { text: string; etag: string } | undefined
  const document = () => {
    if (!built) {
      const text = written ?? JSON.stringify(buildDocument())
      built = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` }
    }
    return built
  }
  return new Hono().get(OPENAPI_PATH, (c) => {
    const { text, etag } = document()
    const headers = { 'Cache-Control': 'public, max-age=3600', ETag: etag }
    if (c.req.header('If-None-Match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers)
    return c.body(text, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
  })
}
