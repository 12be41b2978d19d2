import { send, type Method } from '../lib/http'
import type { QueryValues } from '../contract/collections'
import type { SessionEndReason } from '../contract/session-end'
import { clearAll, readItem, writeItem } from '../lib/storage'
import { endReason, missingRightText } from './refusal'
import { TOKEN_KEY } from './storage-keys'

/** Local storage name of the Bearer token. */
export { TOKEN_KEY }

/** Locale key of the default message for a missing or unusable answer. */
export const NOT_FOUND = 'session.notFound'
/** Locale key of the message when no answer arrived at all. */
export const UNREACHABLE = 'session.unreachable'
export const DEFAULT_HOST = '/api'

export type Ok<T> = { ok: true; status: number; data: T; total?: number }
/** A failed call: its message, the field errors of a 400, a 409's body (with the record's `current` state). */
export type Failed = {
  ok: false
  status: number
  message: string
  errors?: Record<string, string>
  body?: unknown
  /** The write found no link and waits in the outbox, to be sent when the link returns. */
  queued?: true
  /** A 401's reason: why the session stopped working. */
  reason?: SessionEndReason
}
export type Result<T> = Ok<T> | Failed

let token: string | null | undefined
let host: string | undefined

/**
 * The API base: the `api-host` meta tag of the served page, set at deploy time
 * without a rebuild; `/api` when there is none.
 */
export function apiHost(): string {
  if (host === undefined) {
    const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="api-host"]')
    host = (meta?.getAttribute('content') || DEFAULT_HOST).replace(/\/+$/, '')
  }
  return host
}

export function setApiHost(value: string | undefined): void {
  host = value === undefined ? undefined : value.replace(/\/+$/, '')
}

/** The Bearer token, read from local storage on first use. */
export function getToken(): string | null {
  if (token === undefined) token = readItem(TOKEN_KEY)
  return token
}

export function setToken(value: string): void {
  token = value
  writeItem(TOKEN_KEY, value)
}

/** Forgets the token and wipes local storage. */
export function clearToken(): void {
  token = null
  clearAll()
}

const messageOf = (body: unknown): string | undefined => {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown }
    if (typeof message === 'string' && message) return message
  }
  return undefined
}

/**
 * Reads an answer that carries the user (`GET /users/self`): a 200 answer reads `data` as the user,
 * any other answer its `message`, 'Information not found!' when there is none.
 */
export function normalise<T>(answer: { status?: number; data?: unknown; message?: unknown }): {
  user: T | null
  message: string
} {
  const message = messageOf(answer) ?? messageOf(answer.data)
  if (answer.status === 200 && answer.data && typeof answer.data === 'object') {
    return { user: answer.data as T, message: message ?? '' }
  }
  return { user: null, message: message ?? NOT_FOUND }
}

export interface CallOptions {
  body?: unknown
  query?: QueryValues
  signal?: AbortSignal
  /** The `Idempotency-Key` of a write; a retry of the same write passes the key of its first try. */
  idempotencyKey?: string
}

/**
 * A fresh `Idempotency-Key`: 128 random bits as hex. `crypto.randomUUID` is missing on old kiosk
 * browsers and on plain http; `getRandomValues` is not.
 */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')

const answerWatchers = new Set<(status: number) => void>()

/**
 * Hears the status of every API answer (0 when none came), but of calls given up on purpose:
 * how the console tells that its server cannot be reached (src/stores/reach.ts).
 */
export function watchAnswers(watcher: (status: number) => void): () => void {
  answerWatchers.add(watcher)
  return () => answerWatchers.delete(watcher)
}

/**
 * One API call; on failure the result carries a message, never an exception. Every write carries
 * an `Idempotency-Key`, so the server answers a repeat of it with its first answer rather than
 * making a second record.
 */
export async function call<T>(method: Method, path: string, options: CallOptions = {}): Promise<Result<T>> {
  const current = getToken()
  const headers: Record<string, string> = current ? { authorization: `Bearer ${current}` } : {}
  if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey()
  const answer = await send({
    method,
    url: apiHost() + path,
    headers,
    body: options.body,
    query: options.query,
    signal: options.signal,
  })
  if (!options.signal?.aborted) answerWatchers.forEach((watcher) => watcher(answer.status))
  if (answer.status >= 200 && answer.status < 300) {
    const total = Number(answer.headers?.get('x-total-count') ?? NaN)
    return { ok: true, status: answer.status, data: answer.body as T, ...(Number.isFinite(total) ? { total } : {}) }
  }
  const body = answer.body as { errors?: unknown } | null
  const errors = body && typeof body.errors === 'object' && body.errors ? (body.errors as Record<string, string>) : undefined
  const reason = answer.status === 401 ? endReason(body) : undefined
  return {
    ok: false,
    status: answer.status,
    message: (answer.status === 403 ? missingRightText(body) : undefined) ?? messageOf(body) ?? (answer.status === 0 ? UNREACHABLE : NOT_FOUND),
    ...(errors ? { errors } : {}),
    ...(reason ? { reason } : {}),
    ...(answer.status === 409 && body && typeof body === 'object' ? { body } : {}),
  }
}
