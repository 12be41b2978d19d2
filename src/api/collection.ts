import { collectionPath, type BaseRecord, type CollectionName, type ListQuery } from '../contract/collections'
import { call, type Result } from './client'
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
    update: (id: string, body: Input & { version: number }) => call<T>('PUT', collectionPath(name, id), { body }),
    remove: (id: string) => call<T>('DELETE', collectionPath(name, id)),
  }
}
