import { AUDIT_PATH, type AuditEntry } from '../contract/audit'
import type { Right } from '../contract/rights'
import { call, type Result } from './client'
import type { Page } from './collection'

export interface AuditQuery {
  collection?: Right
  record_id?: string
  /** Who wrote: a user's, an access key's or an app id's id. */
  actor?: string
  action?: string
  /** ISO times: from included, to excluded. */
  from?: string
  to?: string
  page?: number
  per_page?: number
}

/** A page of the organization's trail, newest first, with its total. */
export async function auditPage(query: AuditQuery, signal?: AbortSignal): Promise<Result<Page<AuditEntry>>> {
  const result = await call<AuditEntry[]>('GET', AUDIT_PATH, { query: { ...query }, signal })
  if (!result.ok) return result
  const rows = Array.isArray(result.data) ? result.data : []
  return { ok: true, status: result.status, data: { rows, total: result.total ?? rows.length } }
}
