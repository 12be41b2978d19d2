import type { Context, ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorAnswer } from '../../contract/user'
import { PasswordsBusy } from '../auth/passwords'
import { storageTrouble } from '../db/errors'
import type { Logger } from '../log'
import { message, type ServerKey } from '../messages'
import { Problem, type ProblemKind } from '../problem'

export { needsRight, rightName } from '../problem'

/** A failure the client caused; answered as `{message, errors?}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers: Record<string, string> = {},
    /** What the answer says besides its message: the rights a 403 needed, the reason of a 401. */
    readonly more: Pick<ErrorAnswer, 'rights' | 'reason'> = {},
  ) {
    super(message)
  }
}

export const fail = (status: ContentfulStatusCode, key: ServerKey, vars?: Record<string, string | number>) =>
  new ApiError(status, message(key, vars))

/** The status the edge answers each kind of the domain's refusals with. */
const STATUS_OF: Record<ProblemKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupported: 415,
  unprocessable: 422,
  tooMany: 429,
  unavailable: 503,
}

/** A refusal of the domain as the HTTP answer it makes. */
export function fromProblem(problem: Problem): ApiError {
  const { rights, reason, retryAfterS, closeConnection } = problem.details
  const headers = {
    ...(retryAfterS !== undefined ? { 'Retry-After': String(retryAfterS) } : {}),
    ...(closeConnection ? { Connection: 'close' } : {}),
  }
  return new ApiError(STATUS_OF[problem.kind], problem.message, problem.errors, headers, { ...(rights ? { rights } : {}), ...(reason ? { reason } : {}) })
}

export const answerError = (c: Context, error: ApiError | Problem) => {
  if (error instanceof Problem) error = fromProblem(error)
  const body: ErrorAnswer = { ...(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }), ...error.more }
  return c.json(body, error.status, error.headers)
}

const keyOfStatus: Partial<Record<number, ServerKey>> = {
  400: 'badJson',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'tooLarge',
}

/** A full disk frees up when someone acts on it, a lock when its holder is done: retry later, or soon. */
const STORAGE_ANSWERS = {
  full: { status: 507, key: 'storageFull', retryAfterS: 60 },
  busy: { status: 503, key: 'storageBusy', retryAfterS: 5 },
} as const

/** Every error ends as a JSON answer; unexpected ones are logged and never crash the process. */
export const errorHandler =
  (log: Logger): ErrorHandler =>
  (error, c) => {
    if (error instanceof ApiError || error instanceof Problem) return answerError(c, error)
    if (error instanceof PasswordsBusy) return answerError(c, new ApiError(503, message('busy'), undefined, { 'Retry-After': '5' }))
    const trouble = storageTrouble(error)
    if (trouble) {
      const { status, key, retryAfterS } = STORAGE_ANSWERS[trouble]
      log.error(`A write answered ${status}: the storage is ${trouble}.`, error)
      return answerError(c, new ApiError(status, message(key), undefined, { 'Retry-After': String(retryAfterS) }))
    }
    const key = error instanceof HTTPException ? keyOfStatus[error.status] : undefined
    if (error instanceof HTTPException && key) return answerError(c, fail(error.status as ContentfulStatusCode, key))
    log.error(`${c.req.method} ${c.req.path} failed:`, error)
    return answerError(c, fail(500, 'internal'))
  }

export const notFoundJson = (c: Context) => answerError(c, fail(404, 'notFound'))
