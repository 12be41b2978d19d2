import fs from 'node:fs'
import { Hono } from 'hono'
import { API } from '../../contract/paths'
import { ApiError, fail } from '../http/errors'
import { route } from '../http/route'
import { fieldMessage, message } from '../messages'
import { describe } from '../openapi/registry'
import { list, obj, str } from '../openapi/shapes'

/** One source file of a screen, as the Show Code panel shows it. */
export interface DocRecord {
  name: string
  source: string
}

/** Screen key (home, profile, section, sign-in, ...) -> the sources it was built from. */
export type Docs = Readonly<Record<string, readonly DocRecord[]>>

const isRecords = (value: unknown): value is DocRecord[] =>
  Array.isArray(value) &&
  value.every((item: unknown) => {
    const record = item as Partial<DocRecord> | null
    return typeof record?.name === 'string' && typeof record.source === 'string'
  })

/**
 * The `docs.json` the build writes beside the server bundle; undefined when there is none yet or
 * it is unreadable. Entries of another shape are left out.
 */
export function readDocs(file: URL | string): Docs | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    return Object.fromEntries(Object.entries(parsed).filter(([, records]) => isRecords(records)))
  } catch {
    return undefined
  }
}

/** `GET /docs?src=home` for the Show Code panel: the sources of that screen. */
describe({
  method: 'get',
  path: API.docs,
  tag: 'Console',
  summary: 'A screen\'s sources',
  description: 'The sources a console screen was built from, for its Show Code panel.',
  caller: 'public',
  query: [{ name: 'src', description: 'The screen\'s key: `home`, `profile`, ….', schema: { type: 'string' }, required: true }],
  answers: {
    200: { description: 'The screen\'s source files.', body: list(obj({ name: str, source: str })) },
    400: { description: 'No `src`.', body: { ref: 'Error' } },
    404: { description: 'No such screen.', body: { ref: 'Error' } },
  },
})

export function docsRoutes(docs: Docs = {}) {
  return new Hono().get(route(API.docs), (c) => {
    const src = c.req.query('src')?.trim()
    if (!src) throw new ApiError(400, message('invalidInput'), { src: fieldMessage('validation.required') })
    const records = Object.hasOwn(docs, src) ? docs[src] : undefined
    if (!records) throw fail(404, 'notFound')
    return c.json(records)
  })
}
