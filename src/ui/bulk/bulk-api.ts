import { call, type Result } from '../../api/client'
import { bulkPath, type BulkJob, type BulkPreview, type BulkRecord, type BulkRequest, type BulkUndo } from '../../contract/bulk'
import type { UserRole } from '../../contract/users'

/** Freezes the records an action will touch and counts them; nothing changes yet. */
export const previewBulk = (request: BulkRequest): Promise<Result<BulkPreview>> => call<BulkPreview>('POST', bulkPath('preview'), { body: request })

/** Runs a previewed action over the records its preview froze. */
export const runBulk = (id: string): Promise<Result<BulkJob>> => call<BulkJob>('POST', bulkPath(id, 'run'))

/** Where a job stands: what the progress reads when the events stream is down, and its outcome. */
export const bulkJob = (id: string, signal?: AbortSignal): Promise<Result<BulkJob>> => call<BulkJob>('GET', bulkPath(id), { signal })

/** Puts back what the job changed and nobody changed since. */
export const undoBulk = (id: string): Promise<Result<BulkUndo>> => call<BulkUndo>('POST', bulkPath(id, 'undo'))

/** The records of a finished job, as its audit entry lists them: the first hundred, with the total. */
export const bulkRecords = (id: string, signal?: AbortSignal): Promise<Result<BulkRecord[]>> =>
  call<BulkRecord[]>('GET', bulkPath(id, 'records'), { query: { per_page: 100 }, signal })

/** The organization's roles by name, for changing users' roles; null without the `roles` right. */
export async function bulkRoles(signal?: AbortSignal): Promise<UserRole[] | null> {
  const result = await call<UserRole[]>('GET', '/roles/', { query: { per_page: 100 }, signal })
  if (!result.ok || !Array.isArray(result.data)) return null
  return result.data.map((role) => ({ id: role.id, name: role.name })).sort((a, b) => a.name.localeCompare(b.name))
}
