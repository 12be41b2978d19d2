import { Hono } from 'hono'
import { API } from '../contract/paths'
import { fail } from './http/errors'
import { route } from './http/route'

export interface DocRecord {
  name: string
  source: string
}

/** `GET /docs?src=Name` for the Show Code panel, from a map of component name to source. */
export function docsRoutes(docs: Readonly<Record<string, string>> = {}) {
  return new Hono().get(route(API.docs), (c) => {
    const name = c.req.query('src') ?? ''
    const source = Object.hasOwn(docs, name) ? docs[name] : undefined
    if (source === undefined) throw fail(404, 'notFound')
    const records: DocRecord[] = [{ name, source }]
    return c.json(records)
  })
}
