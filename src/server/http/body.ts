import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Struct } from 'superstruct'
import { check } from '../../contract/validation'
import { fieldMessage, message } from '../messages'
import { ApiError, answerError, fail } from './errors'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * 413 when the declared length or the bytes actually streamed exceed 1 MiB. The rest of such a
 * body is never read, so the connection closes and the client does not reuse it mid-upload.
 */
export const limitBody = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => answerError(c, new ApiError(413, message('tooLarge'), undefined, { Connection: 'close' })),
  })

/** The JSON body validated by a contract schema; throws the 400 answer otherwise. */
export async function readBody<T>(c: Context, schema: Struct<T, unknown>): Promise<T> {
  let value: unknown
  try {
    value = JSON.parse(await c.req.text())
  } catch {
    throw fail(400, 'badJson')
  }
  const result = check(schema, value)
  if (result.ok) return result.value
  const errors = Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, fieldMessage(key)]))
  throw new ApiError(400, message('invalidInput'), errors)
}
