import { collectionPath, type BaseRecord, type CollectionName, type ListQuery } from '../contract/collections'
import { call, newIdempotencyKey, type Result } from './client'
import { listParams } from './list-params'

export { listParams }

export interface Page<T> {
  rows: T[]
  total: number
}

/** A 409's record as it is now, when the answer carries one. */
export const conflictCurrent = <T>(result: Result<unknown>): T | undefined =>
  !result.ok && result.status === 409 && result.body && typeof result.body === 'object' && 'current' in result.body
    ? ((result.body as { current: T }).current)
    : undefined

/** A write that found no link, for the outbox to send again with the same `Idempotency-Key`. */
export interface UnsentWrite {
  key: string
  method: 'PUT'
  path: string
  body: unknown
  what: { collection: string; name: string }
}

/** Locale key of the message of a save that waits in the outbox. */
export const QUEUED = 'outbox.queued'
let unsent: ((write: UnsentWrite) => void) | undefined

/** Where saves that find no link go: the outbox registers itself as it loads. */
export function keepUnsentWith(keep: (write: UnsentWrite) => void): void {
  unsent = keep
}

/** Typed calls for one collection: list with its total, get, create, update (with version), remove. */
export function collection<T extends BaseRecord, Input = Partial<T>, Created = T>(name: CollectionName) {
  return {
    async list(query: ListQuery, signal?: AbortSignal): Promise<Result<Page<T>>> {
      const result = await call<T[]>('GET', collectionPath(name), { query: listParams(query), signal })
      if (!result.ok) return result
      const rows = Array.isArray(result.data) ? result.data : []
      return { ok: true, status: result.status, data: { rows, total: result.total ?? rows.length } }
    },
    get: (id: string, signal?: AbortSignal) => call<T>('GET', collectionPath(name, id), { signal }),
    create: (body: Input) => call<Created>('POST', collectionPath(name), { body }),
    /** Sends the record's `version`; a stale one fails with 409 and `conflictCurrent(result)`. */
    /** A save that finds no link waits in the outbox, when one is there, and is sent when the link returns. */
    async update(id: string, body: Input & { version: number }): Promise<Result<T>> {
      const path = collectionPath(name, id)
      const idempotencyKey = newIdempotencyKey()
      const result = await call<T>('PUT', path, { body, idempotencyKey })
      if (result.ok || result.status !== 0 || !unsent) return result
      const label = (body as { name?: unknown }).name
      unsent({ key: idempotencyKey, method: 'PUT', path, body, what: { collection: name, name: typeof label === 'string' && label ? label : id } })
      return { ...result, queued: true, message: QUEUED }
    },
    remove: (id: string) => call<T>('DELETE', collectionPath(name, id)),
  }
}
