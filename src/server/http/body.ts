import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Struct } from 'superstruct'
import { check, type FieldErrors } from '../../contract/validation'
import { fieldMessage, message } from '../messages'
import { ApiError, answerError, fail } from './errors'

export const MAX_BODY_BYTES = 1024 * 1024
/** No record the API takes nests deeper; deeper input is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32
/** No record the API takes holds more than a few hundred values; more is refused before it is parsed or validated. */
export const MAX_JSON_ITEMS = 1000

/**
 * 413 when the declared length or the bytes actually streamed exceed 1 MiB. The rest of such a
 * body is never read, so the connection closes and the client does not reuse it mid-upload.
 */
export const limitBody = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => answerError(c, new ApiError(413, message('tooLarge'), undefined, { Connection: 'close' })),
  })

/**
 * An answer sent before its request's body was read (a 401, a 415, a refused delete) closes the
 * connection: the rest of that body would otherwise stall the next request on it.
 */
export const closeUnread = (): MiddlewareHandler => async (c, next) => {
  await next()
  const declared = Number(c.req.header('Content-Length') ?? 0) > 0 || c.req.header('Transfer-Encoding') !== undefined
  if (declared && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close')
}

/** How deep brackets outside strings nest and how many commas separate values, found in one pass without parsing. */
export function jsonShape(text: string): { depth: number; items: number } {
  let depth = 0
  let deepest = 0
  let items = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i++
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x2c) items++
    else if (code === 0x7b || code === 0x5b) deepest = Math.max(deepest, ++depth)
    else if (code === 0x7d || code === 0x5d) depth--
  }
  return { depth: deepest, items }
}

/** `application/json`, with or without parameters: what a page on another origin cannot send without asking first. */
export const isJsonType = (header: string | undefined) => /^application\/json\s*(;|$)/i.test(header?.trim() ?? '')

/** The 400 answer for field errors, with `text` as its message when one says it better. */
export function invalidInput(errors: FieldErrors, text = message('invalidInput')): ApiError {
  return new ApiError(400, text, Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, fieldMessage(key)])))
}

/** The JSON body, unchecked; throws the 415 or 400 answer when it is not JSON within bounds. */
export async function readJson(c: Context, maxItems = MAX_JSON_ITEMS): Promise<unknown> {
  if (!isJsonType(c.req.header('Content-Type'))) throw fail(415, 'notJson')
  const text = await c.req.text()
  const shape = jsonShape(text)
  if (shape.depth > MAX_JSON_DEPTH) throw fail(400, 'tooDeep', { depth: MAX_JSON_DEPTH })
  if (shape.items >= maxItems) throw fail(400, 'tooManyItems', { count: maxItems })
  try {
    return JSON.parse(text)
  } catch {
    throw fail(400, 'badJson')
  }
}

/**
 * The JSON body validated by a contract schema; throws the 415 or 400 answer otherwise. `maxItems`
 * raises the bound on values for the one body that lists many ids (a bulk action's picked rows).
 */
export async function readBody<T>(c: Context, schema: Struct<T, unknown>, maxItems = MAX_JSON_ITEMS): Promise<T> {
  const value = await readJson(c, maxItems)
  const result = check(schema, value)
  if (result.ok) return result.value
  throw invalidInput(result.errors)
}
